import { createClient } from "@libsql/client/web";
import type { Client } from "@libsql/client";
import { type Database, createD1Database, createLibsqlDatabase } from "./db/client";
import type { Bindings, Config } from "./env";
import type { Logger } from "./http/logger";
import { type Mailer, httpMailer, logMailer } from "./services/mail";
import { type TwilioClient, liveTwilioClient } from "./services/twilio/client";

/** Everything the app reaches outside itself, injected through `createApp(services)`. */
export interface Services {
  database(bindings: Bindings, config: Config): Database;
  mailer(config: Config, log: Logger): Mailer;
  /** Null when TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is not set. */
  twilio(config: Config): TwilioClient | null;
}

const libsqlClients = new Map<string, Client>();

/** The live services: D1 by default, Turso/libSQL when LIBSQL_URL is set; mail through the API when keyed. */
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
  mailer(config, log) {
    return config.MAIL_API_KEY
      ? httpMailer({ apiKey: config.MAIL_API_KEY, from: config.MAIL_FROM, baseUrl: config.MAIL_API_BASE, log })
      : logMailer(log);
  },
  twilio(config) {
    if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
    return liveTwilioClient({ accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN, baseUrl: config.TWILIO_API_BASE });
  },
};
