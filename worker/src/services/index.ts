import type { Database } from "../db/client";
import { databaseOf } from "../db/database";
import type { LiveAppointmentEvent, LiveCallEvent } from "@nikki/core";
import type { OrgEvents } from "../durable/org-events";
import type { RateLimiter } from "../durable/rate-limiter";
import type { SpendMeter } from "../durable/spend-meter";
import { type Bindings, type Config, isLocalDeployment } from "../env";
import type { Logger } from "../logger";
import { type Mailer, httpMailer, logMailer } from "./mail";
import { type OpenAiClient, liveOpenAiClient } from "./openai/client";
import { type Providers, organizationProviders, twilioClientOf } from "./providers";
import { type StripeClient, stripeClient } from "./stripe/client";
import type { TwilioClient } from "./twilio/client";

export type { Providers } from "./providers";

/**
 * Everything that leaves the worker, built once per entry point (the fetch handler, `scheduled()`, each
 * Durable Object) and handed in, so every path can run on the provider simulators.
 */
export interface Services {
  config: Config;
  db: Database;
  /** One SpendMeter per organization (the daily cap); null where no Durable Objects run (Node tests). */
  spendMeters: DurableObjectNamespace<SpendMeter> | null;
  /** The fixed-window counters (each organization's texts an hour and a day); null where no Durable Objects run. */
  rateLimiters: DurableObjectNamespace<RateLimiter> | null;
  /** Tells an organization's open dashboards that one of its calls changed (never fails the work that changed it). */
  publishCall(organizationId: string, event: Omit<LiveCallEvent, "type">): Promise<void>;
  /** The same for one of its appointments (made, moved or canceled). */
  publishAppointment(organizationId: string, event: Omit<LiveAppointmentEvent, "type">): Promise<void>;
  mailer(log: Logger): Mailer;
  /** The platform's own accounts. */
  openai: OpenAiClient | null;
  twilio: TwilioClient | null;
  stripe: StripeClient | null;
  /** The accounts an organization's calls, texts, chats and leads use. */
  providersFor(organizationId: string): Promise<Providers>;
}

export type ServicesFactory = (bindings: Bindings, config: Config) => Services;

/** The live providers the configuration keys, on the given database. */
export function servicesOn(
  config: Config,
  db: Database,
  spendMeters: DurableObjectNamespace<SpendMeter> | null = null,
  orgEvents: DurableObjectNamespace<OrgEvents> | null = null,
  rateLimiters: DurableObjectNamespace<RateLimiter> | null = null,
): Services {
  const openai = config.OPENAI_API_KEY ? liveOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL }) : null;
  const twilio = config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN ? twilioClientOf(config, config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN) : null;
  let stripe: StripeClient | null | undefined;
  const publish = async (organizationId: string, event: LiveCallEvent | LiveAppointmentEvent) => {
    if (!orgEvents) return;
    await orgEvents
      .get(orgEvents.idFromName(organizationId))
      .publish(event)
      .catch(() => undefined);
  };
  return {
    config,
    db,
    spendMeters,
    rateLimiters,
    publishCall: (organizationId, event) => publish(organizationId, { type: "call", ...event }),
    publishAppointment: (organizationId, event) => publish(organizationId, { type: "appointment", ...event }),
    mailer: (log) =>
      config.MAIL_API_KEY
        ? httpMailer({ apiKey: config.MAIL_API_KEY, from: config.MAIL_FROM, baseUrl: config.MAIL_API_BASE, log })
        : logMailer(log, isLocalDeployment(config)),
    openai,
    twilio,
    // Built on first use: most requests (and every call session) never reach Stripe.
    get stripe() {
      if (stripe === undefined) stripe = stripeClient(config);
      return stripe;
    },
    providersFor: (organizationId) => organizationProviders(db, config, { openai, twilio }, organizationId),
  };
}

/**
 * The same services, reading each organization's provider accounts once: for one call's or one job's work, which
 * would otherwise read the integrations again at every step (the model, the CRM, each text).
 */
export function withProvidersOnce(services: Services): Services {
  const read = new Map<string, Promise<Providers>>();
  const providersFor = (organizationId: string) => {
    let providers = read.get(organizationId);
    if (!providers) {
      providers = services.providersFor(organizationId);
      read.set(organizationId, providers);
      // A failed read is not kept: the next step tries again.
      providers.catch(() => read.delete(organizationId));
    }
    return providers;
  };
  // The prototype keeps the rest as it is, getters included (Stripe's client is still built only when used).
  return Object.assign(Object.create(services) as Services, { providersFor });
}

const built = new WeakMap<object, Services>();

/** The live services: D1 (or Turso/libSQL when LIBSQL_URL is set) and the providers the configuration keys. */
export const liveServices: ServicesFactory = (bindings, config) => {
  const cached = built.get(bindings);
  if (cached?.config === config) return cached;
  const services = servicesOn(config, databaseOf(bindings, config), bindings.SPEND_METER ?? null, bindings.ORG_EVENTS ?? null, bindings.RATE_LIMITER ?? null);
  built.set(bindings, services);
  return services;
};
