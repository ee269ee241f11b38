import { OPENAI_MODELS, REALTIME_MODELS, type UrlPolicy, ownBridgeUrl, urlPolicyFrom } from "@nikki/core";
import * as z from "zod";
import type { RateLimiter } from "./durable/rate-limiter";
import type { OrgEvents } from "./durable/org-events";
import type { SpendMeter } from "./durable/spend-meter";
import type { KnowledgeImporterRpc } from "./rpc/knowledge-importer";
import { DEFAULT_DOH_URL } from "./call/doh";
import type { TestSuiteRunnerRpc } from "./rpc/test-suite-runner";
import type { CallSessionRpc } from "./rpc/call-session";

/** The bindings wrangler.toml and `.dev.vars` give the worker. */
export interface Bindings {
  DB: D1Database;
  ASSETS: Fetcher;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  CALL_SESSION: DurableObjectNamespace<CallSessionRpc>;
  SPEND_METER: DurableObjectNamespace<SpendMeter>;
  ORG_EVENTS: DurableObjectNamespace<OrgEvents>;
  TEST_SUITE_RUNNER: DurableObjectNamespace<TestSuiteRunnerRpc>;
  KNOWLEDGE_IMPORTER: DurableObjectNamespace<KnowledgeImporterRpc>;
  /** The media plane (wrangler.media.toml): the calls' audio. */
  MEDIA: Fetcher;
  /** The website reader (wrangler.website-reader.toml): a business's pages fetched and parsed apart from this isolate. */
  WEBSITE_READER: Fetcher;
  VOICE_BRIDGE_URL?: string;
  PUBLIC_BASE_URL?: string;
  /** Test configurations only: `host:port` pairs the URL guard allows besides its rule (loopback simulators). */
  TEST_ONLY_URL_ALLOW?: string;
  /** The DNS-over-HTTPS resolver (JSON API) a business's host is resolved with before each fetch (call/doh.ts). */
  DOH_URL?: string;
  LOG_LEVEL?: string;
  OPERATOR_EMAILS?: string;
  SALES_INBOX?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  AUTH_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_DISCOVERY_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  MAIL_API_BASE?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_API_BASE?: string;
  TWILIO_PRICING_API_BASE?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_REALTIME_MODEL?: string;
  /** The realtime models an agent may choose instead of OPENAI_REALTIME_MODEL, comma separated (default: core's REALTIME_MODELS). */
  OPENAI_REALTIME_MODELS?: string;
  /** "off": calls say nothing while a slow tool runs (issue 37 §2's fillers); an operator's switch, on unless set. */
  TOOL_FILLERS?: string;
  ENCRYPTION_KEY?: string;
  ENCRYPTION_KEY_ID?: string;
  ENCRYPTION_PREVIOUS_KEYS?: string;
  HUBSPOT_API_BASE?: string;
  GOHIGHLEVEL_API_BASE?: string;
  ELEVENLABS_API_BASE?: string;
  ZAPIER_HOOKS_BASE?: string;
  GOOGLE_CALENDAR_API_BASE?: string;
  CALCOM_API_BASE?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  STRIPE_PRICE_STARTER?: string;
  STRIPE_PRICE_GROWTH?: string;
  STRIPE_PRICE_SCALE?: string;
  STRIPE_PRICE_UNLIMITED?: string;
  STRIPE_OVERAGE_PRICE?: string;
  STRIPE_METER_EVENT_NAME?: string;
}

const configSchema = z.object({
  PUBLIC_BASE_URL: z.url().optional(),
  TEST_ONLY_URL_ALLOW: z.string().optional(),
  DOH_URL: z.url().default(DEFAULT_DOH_URL),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  LIBSQL_URL: z.url().optional(),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  MAIL_API_KEY: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default("Nikki AI <no-reply@nikki.ai>"),
  MAIL_API_BASE: z.url().default("https://api.resend.com"),
  /** The product's own operators (/dashboard/leads): e-mail addresses, comma separated; each must be verified to count. */
  OPERATOR_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("must be e-mail addresses, comma separated")))
    .default([]),
  /** Where each new lead of the product's contact form is e-mailed (when mail is configured). */
  SALES_INBOX: z.email().optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, "must look like AC followed by 32 hex digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  /** Twilio's Pricing API (numbers' monthly prices), a host of its own. */
  TWILIO_PRICING_API_BASE: z.url().default("https://pricing.twilio.com"),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  OPENAI_REALTIME_MODEL: z.string().min(1).default(OPENAI_MODELS.realtime),
  /** What agents may choose besides OPENAI_REALTIME_MODEL (voice/realtime-models.ts), comma separated. */
  OPENAI_REALTIME_MODELS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((model) => model.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, "must be model names, comma separated")).min(1, "must name at least one model"))
    .default([...REALTIME_MODELS]),
  TOOL_FILLERS: z.enum(["on", "off"]).default("on"),
  /**
   * Where Twilio streams this deployment's calls: the media plane's own address (`wss://voice.example.com/twilio/stream`).
   * Unset, streams come to this origin's /twilio/stream, which hands them to the media plane through its binding.
   */
  VOICE_BRIDGE_URL: z
    .url()
    .regex(/^wss?:\/\/[^/]+\/twilio\/stream$/, "must be wss://HOST/twilio/stream")
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value), "must be 32 random bytes, base64 (openssl rand -base64 32)")
    .optional(),
  /** The id sealed values name, so a second key can be added for rotation. */
  ENCRYPTION_KEY_ID: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/i, "must be 1 to 16 letters or digits")
    .default("k1"),
  /** Keys still accepted for opening (never for sealing): `id:base64` pairs, comma separated. */
  ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .regex(/^([a-z0-9]{1,16}:[A-Za-z0-9+/]{43}=)(,[a-z0-9]{1,16}:[A-Za-z0-9+/]{43}=)*$/i, "must be id:base64-key pairs, comma separated")
    .optional(),
  HUBSPOT_API_BASE: z.url().default("https://api.hubapi.com"),
  GOHIGHLEVEL_API_BASE: z.url().default("https://services.leadconnectorhq.com"),
  ELEVENLABS_API_BASE: z.url().default("https://api.elevenlabs.io"),
  /** Zapier catch hooks are stored as hooks.zapier.com URLs; their path is sent here. */
  ZAPIER_HOOKS_BASE: z.url().default("https://hooks.zapier.com"),
  /** Google Calendar API v3 and Cal.com API v2: the providers' own hosts (a business's calendar is an account there, never a URL). */
  GOOGLE_CALENDAR_API_BASE: z.url().default("https://www.googleapis.com"),
  CALCOM_API_BASE: z.url().default("https://api.cal.com"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_GROWTH: z.string().min(1).optional(),
  STRIPE_PRICE_SCALE: z.string().min(1).optional(),
  STRIPE_PRICE_UNLIMITED: z.string().min(1).optional(),
  /** A metered price on the overage meter, added to every subscription with overage. */
  STRIPE_OVERAGE_PRICE: z.string().min(1).optional(),
  STRIPE_METER_EVENT_NAME: z.string().min(1).default("call_minutes"),
});

/** This deployment's stream base (`…/twilio/stream`): VOICE_BRIDGE_URL, else this origin's. */
export function deploymentBridgeUrl(config: Config): string | null {
  return config.VOICE_BRIDGE_URL ?? (config.publicOrigin ? ownBridgeUrl(config.publicOrigin) : null);
}

export type Config = z.infer<typeof configSchema> & {
  /** The deployment's own origin, from PUBLIC_BASE_URL; null when it is not configured. */
  publicOrigin: string | null;
  /** What the URL guard allows on this deployment (core's url-guard.ts). */
  urlPolicy: UrlPolicy;
};

const parsed = new WeakMap<object, Config>();

/** Parses the bindings once per isolate; a misconfiguration names the offending variable. */
export function readConfig(bindings: Partial<Bindings>): Config {
  const cached = parsed.get(bindings);
  if (cached) return cached;
  const present = Object.fromEntries(Object.entries(bindings).filter(([, value]) => value !== ""));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid worker configuration: ${problems.join("; ")}`);
  }
  const config: Config = {
    ...result.data,
    publicOrigin: result.data.PUBLIC_BASE_URL ? new URL(result.data.PUBLIC_BASE_URL).origin : null,
    urlPolicy: urlPolicyFrom(result.data.PUBLIC_BASE_URL, result.data.TEST_ONLY_URL_ALLOW),
  };
  parsed.set(bindings, config);
  return config;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Local development: PUBLIC_BASE_URL explicitly on this machine (unset is a deployment that forgot it, not local). */
export function isLocalDeployment(config: Config): boolean {
  return config.urlPolicy.local;
}

/** True when the platform's providers are local simulators (`npm start` without keys): the dashboard says so. */
export function providersSimulated(config: Config): boolean {
  return [config.OPENAI_BASE_URL, config.TWILIO_API_BASE, config.STRIPE_API_BASE].some((url) => LOOPBACK.has(new URL(url).hostname));
}
