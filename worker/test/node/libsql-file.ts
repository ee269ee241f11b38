import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

const migrationsFolder = fileURLToPath(new URL("../../../migrations", import.meta.url));

/** A libSQL `file:` database in a folder of its own, with every migration applied; remove() closes and deletes it. */
export async function migratedLibsqlFile(prefix: string): Promise<{ client: Client; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const client = createClient({ url: `file:${join(dir, "nikki.db")}` });
  await migrate(drizzle(client), { migrationsFolder });
  return {
    client,
    remove: () => {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
