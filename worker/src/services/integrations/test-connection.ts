/**
 * Test Connection (spec 001 §4): one read-only (or, for Zapier, test-payload) request to each provider's real API,
 * made from the server with the stored credentials. A refusal is an answer, not an error: `{success: false}` with
 * the provider's own reason.
 */
import { INTEGRATION_MESSAGES, type IntegrationProvider, integrationInfo } from "@nikki/core";
import { CalendarError } from "../calendars/calendar";
import { calendarOf } from "../calendars";
import type { Config } from "../../env";
import { GOHIGHLEVEL_VERSION, zapierHookUrl } from "../crm";
import { outboundFetch } from "../outbound-fetch";

export interface ConnectionResult {
  success: boolean;
  message: string;
}

interface Probe {
  url: string;
  init: RequestInit;
  /** What a successful answer says, for the toast. */
  describe(body: unknown): string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function probeOf(provider: IntegrationProvider, credentials: Record<string, string>, config: Config): Probe {
  const c = (key: string) => credentials[key] ?? "";
  switch (provider) {
    case "twilio":
      return {
        url: `${config.TWILIO_API_BASE}/2010-04-01/Accounts/${encodeURIComponent(c("account_sid"))}.json`,
        init: { headers: { authorization: `Basic ${btoa(`${c("account_sid")}:${c("auth_token")}`)}` } },
        describe: (body) => {
          const account = body as { friendly_name?: string; status?: string };
          return `Connected to the Twilio account "${account.friendly_name ?? c("account_sid")}" (${account.status ?? "active"}).`;
        },
      };
    case "openai":
      return {
        url: `${config.OPENAI_BASE_URL}/models`,
        init: { headers: bearer(c("api_key")) },
        describe: (body) => `Connected to OpenAI: the key can use ${(body as { data?: unknown[] }).data?.length ?? 0} models.`,
      };
    case "elevenlabs":
      return {
        url: `${config.ELEVENLABS_API_BASE}/v1/user`,
        init: { headers: { "xi-api-key": c("api_key") } },
        describe: (body) => {
          const tier = (body as { subscription?: { tier?: string } }).subscription?.tier;
          return tier ? `Connected to ElevenLabs (${tier} plan).` : "Connected to ElevenLabs.";
        },
      };
    case "hubspot":
      return {
        url: `${config.HUBSPOT_API_BASE}/crm/v3/objects/contacts?limit=1`,
        init: { headers: bearer(c("private_app_token")) },
        describe: () => "Connected to HubSpot: the token can read contacts.",
      };
    case "gohighlevel":
      return {
        url: `${config.GOHIGHLEVEL_API_BASE}/contacts/?locationId=${encodeURIComponent(c("location_id"))}&limit=1`,
        init: { headers: { ...bearer(c("api_key")), version: GOHIGHLEVEL_VERSION, accept: "application/json" } },
        describe: () => "Connected to GoHighLevel: the token can read this location's contacts.",
      };
    case "zapier":
      return {
        url: zapierHookUrl(c("webhook_url"), config),
        init: {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ event: "nikki.test", message: "Test Connection from Nikki AI", sent_at: new Date().toISOString() }),
        },
        describe: () => "Zapier accepted a test payload on the catch hook.",
      };
    case "google_calendar":
    case "calcom":
      throw new Error("Calendars are tested through their own client (calendars/).");
  }
}

/** The provider's own reason for a refusal, from the error shapes each API answers. */
function reasonOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const b = body as { message?: unknown; error?: { message?: unknown }; detail?: { message?: unknown }; msg?: unknown };
  const reason = b.error?.message ?? b.detail?.message ?? b.message ?? b.msg;
  return typeof reason === "string" && reason.trim() ? reason.trim().slice(0, 300) : null;
}

export async function testConnection(provider: IntegrationProvider, credentials: Record<string, string>, config: Config): Promise<ConnectionResult> {
  const name = integrationInfo(provider).name;
  if (provider === "google_calendar" || provider === "calcom") {
    try {
      return { success: true, message: await calendarOf(provider, config, credentials).test() };
    } catch (error) {
      return { success: false, message: error instanceof CalendarError && error.status > 0 ? error.message : INTEGRATION_MESSAGES.connectFailed(name) };
    }
  }
  let response: Response;
  let probe: Probe;
  try {
    // Inside the try: a credential stored before the rules (non-ASCII for Basic auth, a hook outside /hooks/catch/) fails here.
    probe = probeOf(provider, credentials, config);
    response = await outboundFetch(probe.url, { ...probe.init, signal: AbortSignal.timeout(10_000) });
  } catch {
    return { success: false, message: INTEGRATION_MESSAGES.connectFailed(name) };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { success: true, message: probe.describe(body) };
  const reason = reasonOf(body);
  return { success: false, message: reason ? `${name}: ${reason} (${response.status})` : INTEGRATION_MESSAGES.connectFailed(name) };
}
