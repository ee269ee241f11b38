/**
 * The product's database: D1 through its binding, or libSQL (Turso) when LIBSQL_URL is set, one client per URL per
 * isolate. Takes only what it reads, so a Durable Object can open it without the whole services layer.
 */
import type { Client } from "@libsql/client";
import { createClient } from "@libsql/client/web";
import { type Database, createD1Database, createLibsqlDatabase } from "./client";

export interface DatabaseSettings {
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

const libsqlClients = new Map<string, Client>();

export function databaseOf(bindings: { DB: D1Database }, settings: DatabaseSettings): Database {
  if (!settings.LIBSQL_URL) return createD1Database(bindings.DB);
  let client = libsqlClients.get(settings.LIBSQL_URL);
  if (!client) {
    client = createClient({ url: settings.LIBSQL_URL, authToken: settings.LIBSQL_AUTH_TOKEN });
    libsqlClients.set(settings.LIBSQL_URL, client);
  }
  return createLibsqlDatabase(client);
}
