import type { Client } from "@libsql/client";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";
import * as schema from "./schema";

/** The database as the routes see it: D1 in Workers, or libSQL (Turso, or a `file:` database in tests). */
export type Database = BaseSQLiteDatabase<"async", unknown, typeof schema>;

// Building drizzle's relational config for the schema costs about a millisecond of CPU; a binding keeps its instance.
const d1Databases = new WeakMap<D1Database, Database>();

export function createD1Database(d1: D1Database): Database {
  let database = d1Databases.get(d1);
  if (!database) {
    database = drizzleD1(d1, { schema }) as unknown as Database;
    d1Databases.set(d1, database);
  }
  return database;
}

const libsqlDatabases = new WeakMap<Client, Database>();

export function createLibsqlDatabase(client: Client): Database {
  let database = libsqlDatabases.get(client);
  if (!database) {
    database = drizzleLibsql(client, { schema }) as unknown as Database;
    libsqlDatabases.set(client, database);
  }
  return database;
}
