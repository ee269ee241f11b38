import * as z from "zod/mini";
import type { CalendarCopiesResource } from "./calendar-copies";
import { INTEGRATION_PROVIDERS, type IntegrationProvider } from "./constants";
import { guardedUrl } from "./url-field";
import { type UrlPolicy, ZAPIER_HOOK_PREFIX, isZapierCatchHook } from "./url-guard";

/** Spec 001 §4 "Integration badge". */
export type IntegrationBadge = "Not Configured" | "Configured" | "Verified" | "Failed";

/** One provider as `GET /api/integrations` lists it: never a credential, only a masked hint. */
export interface IntegrationResource {
  provider: IntegrationProvider;
  configured: boolean;
  badge: IntegrationBadge;
  last_tested_at: string | null;
  test_status: "success" | "failed" | null;
  /** What the last Test Connection found, in the product's words ("HubSpot refused these credentials…"). */
  test_message: string | null;
  /** e.g. "AC…cdef · token …0001": enough to recognise which account is stored, never enough to use it. */
  hint: string | null;
  /** A calendar's copies of the bookings (Google Calendar, Cal.com); null for every other provider. */
  copies: CalendarCopiesResource | null;
}

export interface CredentialField {
  key: string;
  label: string;
  required: boolean;
  /** Secret fields are masked in the dialog and only their last four characters appear in the hint. */
  secret: boolean;
  placeholder: string;
}

export interface IntegrationInfo {
  provider: IntegrationProvider;
  name: string;
  /** What the product uses it for, one line on the card. */
  purpose: string;
  fields: CredentialField[];
  /** Where the business finds these values. */
  help: string;
  /** Connected by signing in at the provider (OAuth: `POST /api/integrations/{provider}/connect`), not by typing credentials. */
  oauth?: boolean;
}

export const INTEGRATIONS: readonly IntegrationInfo[] = [
  {
    provider: "twilio",
    name: "Twilio",
    purpose: "Your own phone numbers: calls and texts run on your Twilio account and are billed by Twilio to you.",
    fields: [
      { key: "account_sid", label: "Account SID", required: true, secret: false, placeholder: "AC…" },
      { key: "auth_token", label: "Auth Token", required: true, secret: true, placeholder: "Your Twilio auth token" },
      { key: "webhook_secret", label: "Webhook Secret (optional)", required: false, secret: true, placeholder: "Only if you sign webhooks with another token" },
    ],
    help: "Twilio Console › Account › API keys & tokens.",
  },
  {
    provider: "openai",
    name: "OpenAI",
    purpose: "Your own OpenAI key pays for your calls' voice model, chat replies and voice previews.",
    fields: [
      { key: "api_key", label: "API Key", required: true, secret: true, placeholder: "sk-…" },
      { key: "realtime_url", label: "Realtime URL (optional)", required: false, secret: false, placeholder: "wss://api.openai.com/v1/realtime" },
    ],
    help: "platform.openai.com › API keys.",
  },
  {
    provider: "elevenlabs",
    name: "ElevenLabs",
    purpose: "Voices your agents' voicemail and after-hours messages with an ElevenLabs voice.",
    fields: [{ key: "api_key", label: "API Key", required: true, secret: true, placeholder: "Your ElevenLabs API key" }],
    help: "elevenlabs.io › Profile › API keys.",
  },
  {
    provider: "hubspot",
    name: "HubSpot",
    purpose: "Every lead your receptionist captures becomes a HubSpot contact.",
    fields: [{ key: "private_app_token", label: "Private App Token", required: true, secret: true, placeholder: "pat-…" }],
    help: "HubSpot › Settings › Integrations › Private apps (scope crm.objects.contacts.write and .read).",
  },
  {
    provider: "gohighlevel",
    name: "GoHighLevel",
    purpose: "Every lead your receptionist captures becomes a contact in your GoHighLevel location.",
    fields: [
      { key: "api_key", label: "Private Integration Token", required: true, secret: true, placeholder: "pit-…" },
      { key: "location_id", label: "Location ID", required: true, secret: false, placeholder: "Your sub-account's location id" },
    ],
    help: "GoHighLevel › Settings › Private Integrations (contacts scopes); the location id is in Settings › Business Profile.",
  },
  {
    provider: "zapier",
    name: "Zapier",
    purpose: "Sends every captured lead to a Zapier catch hook, to reach any app Zapier connects.",
    fields: [{ key: "webhook_url", label: "Catch Hook URL", required: true, secret: true, placeholder: `${ZAPIER_HOOK_PREFIX}…` }],
    help: "Zapier › a Zap with the trigger Webhooks by Zapier › Catch Hook.",
  },
  {
    provider: "google_calendar",
    name: "Google Calendar",
    purpose: "Busy times in your Google Calendar are never offered. Every booking, move and cancellation is copied here.",
    fields: [],
    help: "Connect signs in with Google and asks to see your free/busy times and manage the events your agents book.",
    oauth: true,
  },
  {
    provider: "calcom",
    name: "Cal.com",
    purpose:
      "Your Cal.com bookings are never double-booked. Every booking, move and cancellation is copied to your event type, under the caller's name, with the service and phone number in its notes.",
    fields: [
      { key: "api_key", label: "API Key", required: true, secret: true, placeholder: "cal_live_…" },
      { key: "event_type_id", label: "Event Type ID", required: true, secret: false, placeholder: "The number in the event type's URL" },
    ],
    help: "Cal.com › Settings › Developer › API Keys; the event type's id is in its settings page's address.",
  },
];

/** The scopes a Google Calendar connection asks for: free/busy times, and the events it books. */
export const GOOGLE_CALENDAR_SCOPES = ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar.freebusy"] as const;
/** What Connect asks for: the calendar scopes, and the account's e-mail so the card names the account connected. */
export const GOOGLE_CONNECT_SCOPES = ["openid", "email", ...GOOGLE_CALENDAR_SCOPES] as const;

export function integrationInfo(provider: IntegrationProvider): IntegrationInfo {
  return INTEGRATIONS.find((entry) => entry.provider === provider)!;
}

export function isIntegrationProvider(value: string): value is IntegrationProvider {
  return (INTEGRATION_PROVIDERS as readonly string[]).includes(value);
}

export const INTEGRATION_MESSAGES = {
  saved: "Configuration Saved",
  saveFailed: "Failed to save configuration.",
  loadFailed: "Failed to load integrations",
  removed: "Configuration Removed",
  success: "Connection Successful",
  failed: "Connection Failed",
  testFailed: "Test Failed",
  unexpected: "An unexpected error occurred.",
  unknownProvider: "That is not an integration: choose twilio, openai, elevenlabs, hubspot, gohighlevel, zapier, google_calendar or calcom.",
  oauthOnly: "Google Calendar is connected by signing in with Google: use Connect.",
  eventTypeId: "Event Type ID must be the number of a Cal.com event type.",
  calendarScopes: "Google did not grant both calendar permissions (free/busy and events). Connect again and allow both.",
  calendarNotConfigured: "Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).",
  required: (label: string) => `${label} is required.`,
  accountSid: "Account SID must look like AC followed by 32 hex digits.",
  zapierUrl: `The catch hook URL must be a Zapier catch hook, ${ZAPIER_HOOK_PREFIX}…, with nothing after its path.`,
  realtimeUrl:
    "The realtime URL must be a wss:// address on a public host name, such as wss://api.openai.com/v1/realtime: no IP address, local name, port or login.",
  nonAscii: (label: string) => `${label} must use plain letters, digits and symbols only.`,
  tooLong: "That value is too long.",
  notConfigured: (provider: string) => `Please configure ${provider} before testing.`,
  connectFailed: (provider: string) => `Failed to connect to ${provider}`,
  refused: (provider: string) => `${provider} refused these credentials. Check they are current and copied whole, then save them again.`,
  notFound: (provider: string) => `${provider} does not know this account or address. Check the ID or URL you saved.`,
  busy: (provider: string) => `${provider} is limiting requests right now. Try again in a minute.`,
  providerDown: (provider: string) => `${provider} had a problem answering. Try again later.`,
} as const;

/**
 * What Integrations says when Google sends the browser back (`?calendar=` from
 * `GET /api/integrations/google_calendar/callback`): a title, and the words under it.
 */
export const GOOGLE_CALENDAR_OUTCOMES = {
  connected: {
    ok: true,
    title: "Google Calendar Connected",
    description: "Busy times in your calendar are no longer offered, and new bookings are added to it.",
  },
  failed: {
    ok: false,
    title: INTEGRATION_MESSAGES.connectFailed("Google Calendar"),
    description: "Google did not complete the connection, or the first test failed. Use Test Connection to see why, or connect again.",
  },
  denied: { ok: false, title: "Google Calendar Not Connected", description: "Google did not give access. Connect again and choose Allow." },
  expired: {
    ok: false,
    title: "Google Calendar Not Connected",
    description: "The sign-in with Google took longer than 10 minutes or was started by another member. Connect again.",
  },
  scopes: { ok: false, title: "Google Calendar Not Connected", description: INTEGRATION_MESSAGES.calendarScopes },
} as const satisfies Record<string, { ok: boolean; title: string; description: string }>;
export type GoogleCalendarOutcome = keyof typeof GOOGLE_CALENDAR_OUTCOMES;

export const isGoogleCalendarOutcome = (value: string | null): value is GoogleCalendarOutcome =>
  value !== null && Object.hasOwn(GOOGLE_CALENDAR_OUTCOMES, value);

const text = (label: string) =>
  z
    .string(INTEGRATION_MESSAGES.required(label))
    .check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.required(label)), z.maxLength(2000, INTEGRATION_MESSAGES.tooLong));

/** A credential sent in an HTTP header (Basic auth encodes it as Latin-1): printable ASCII only. */
const headerSafe = (label: string) => text(label).check(z.regex(/^[\x20-\x7e]+$/, INTEGRATION_MESSAGES.nonAscii(label)));

/**
 * Each provider's credentials (required unless marked), refused field by field in the product's words. URLs pass the
 * URL guard under the deployment's policy (url-guard.ts), so the schemas are made per policy.
 */
export function credentialSchemas(policy: UrlPolicy) {
  return {
    twilio: z.strictObject({
      account_sid: text("Account SID").check(z.regex(/^AC[0-9a-fA-F]{32}$/, INTEGRATION_MESSAGES.accountSid)),
      auth_token: headerSafe("Auth Token"),
      webhook_secret: z.optional(headerSafe("Webhook Secret")),
    }),
    openai: z.strictObject({
      api_key: headerSafe("API Key"),
      realtime_url: z.optional(guardedUrl("wss", policy, INTEGRATION_MESSAGES.realtimeUrl)),
    }),
    elevenlabs: z.strictObject({ api_key: headerSafe("API Key") }),
    hubspot: z.strictObject({ private_app_token: headerSafe("Private App Token") }),
    gohighlevel: z.strictObject({ api_key: headerSafe("Private Integration Token"), location_id: text("Location ID") }),
    zapier: z.strictObject({ webhook_url: text("Catch Hook URL").check(z.refine(isZapierCatchHook, INTEGRATION_MESSAGES.zapierUrl)) }),
    // Stored by the OAuth callback, never typed: a PUT is refused before this schema is read.
    google_calendar: z.strictObject({
      refresh_token: headerSafe("Refresh Token"),
      calendar_id: z.optional(text("Calendar ID")),
      account_email: z.optional(text("Google account")),
    }),
    calcom: z.strictObject({
      api_key: headerSafe("API Key"),
      event_type_id: text("Event Type ID").check(z.regex(/^\d{1,12}$/, INTEGRATION_MESSAGES.eventTypeId)),
    }),
  } as const satisfies Record<IntegrationProvider, z.ZodMiniType>;
}

export type Credentials<P extends IntegrationProvider> = z.infer<ReturnType<typeof credentialSchemas>[P]>;

/** `PUT /api/integrations/:provider` body; the credentials are then checked by their provider's schema. */
export const integrationSaveSchema = z.strictObject({ credentials: z.record(z.string(), z.unknown()) });

export function integrationBadge(configured: boolean, testStatus: string | null): IntegrationBadge {
  if (!configured) return "Not Configured";
  if (testStatus === "failed") return "Failed";
  return testStatus === "success" ? "Verified" : "Configured";
}

/** Why a provider refused a Test Connection, in the product's words, from the HTTP status it answered. */
export function connectionFailure(provider: string, status: number): string {
  if (status === 401 || status === 403) return INTEGRATION_MESSAGES.refused(provider);
  if (status === 404) return INTEGRATION_MESSAGES.notFound(provider);
  if (status === 429) return INTEGRATION_MESSAGES.busy(provider);
  if (status >= 500) return INTEGRATION_MESSAGES.providerDown(provider);
  return INTEGRATION_MESSAGES.connectFailed(provider);
}

/** A URL's host (a non-secret URL is recognised by it: "Realtime URL api.openai.com"), or null for anything else. */
const hostOf = (value: string) => /^[a-z]+:\/\/([^/?#@]+)/i.exec(value)?.[1] ?? null;

/** The masked hint of stored credentials: non-secret values shortened, secret ones as their last four characters. */
export function credentialHint(provider: IntegrationProvider, credentials: Record<string, string | undefined>): string {
  // Google Calendar's credentials are never typed (OAuth): its hint names the account connected and the calendar
  // bookings go to (a connection made before the account was kept names the calendar alone).
  if (provider === "google_calendar") {
    const calendar = credentials.calendar_id || "primary";
    if (!credentials.account_email) return `Calendar ${calendar}`;
    return `Connected as ${credentials.account_email} (${calendar === "primary" ? "primary calendar" : `calendar ${calendar}`})`;
  }
  const parts: string[] = [];
  for (const field of integrationInfo(provider).fields) {
    const value = credentials[field.key];
    if (!value) continue;
    const name = field.label.replace(/ \(optional\)$/, "");
    if (field.secret) parts.push(`${name} …${value.slice(-4)}`);
    else parts.push(`${name} ${hostOf(value) ?? (value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value)}`);
  }
  return parts.join(" · ");
}

/** A provider's name as the business reads it (HubSpot, not hubspot). */
export const integrationName = (provider: string): string => INTEGRATIONS.find((info) => info.provider === provider)?.name ?? provider;
