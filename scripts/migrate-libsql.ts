/** `npm run db:migrate:libsql`: applies migrations/ to the Turso/libSQL database at LIBSQL_URL (drizzle's libSQL migrator). */
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { ROOT } from "@nikki/dev/local";

const url = process.env.LIBSQL_URL;
if (!url) {
  console.error("Set LIBSQL_URL (and LIBSQL_AUTH_TOKEN for Turso) to the database to migrate.");
  process.exit(1);
}
const client = createClient({ url, authToken: process.env.LIBSQL_AUTH_TOKEN });
await migrate(drizzle(client), { migrationsFolder: `${ROOT}/migrations` });
client.close();
console.log(`Migrations applied to ${new URL(url).host || url}.`);
