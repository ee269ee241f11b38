import type { Client } from "@libsql/client";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql";
import * as schema from "./schema";

/** The database as the routes see it: D1 in Workers, or libSQL (Turso, or a `file:` database in tests). */
export type Database = BaseSQLiteDatabase<"async", unknown, typeof schema>;

export function createD1Database(d1: D1Database): Database {
  return drizzleD1(d1, { schema }) as unknown as Database;
}

export function createLibsqlDatabase(client: Client): Database {
  return drizzleLibsql(client, { schema }) as unknown as Database;
}
