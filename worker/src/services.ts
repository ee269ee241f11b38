import { createClient } from "@libsql/client/web";
import type { Client } from "@libsql/client";
import { type Database, createD1Database, createLibsqlDatabase } from "./db/client";
import type { Bindings, Config } from "./env";

/** Everything the app reaches outside itself, injected through `createApp(services)`. */
export interface Services {
  database(bindings: Bindings, config: Config): Database;
}

const libsqlClients = new Map<string, Client>();

/** The live services: D1 by default, Turso/libSQL when LIBSQL_URL is set. */
export const liveServices: Services = {
  database(bindings, config) {
    if (!config.LIBSQL_URL) return createD1Database(bindings.DB);
    let client = libsqlClients.get(config.LIBSQL_URL);
    if (!client) {
      client = createClient({ url: config.LIBSQL_URL, authToken: config.LIBSQL_AUTH_TOKEN });
      libsqlClients.set(config.LIBSQL_URL, client);
    }
    return createLibsqlDatabase(client);
  },
};
