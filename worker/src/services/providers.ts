/**
 * Whose account pays (DESIGN.md): an organization's own verified Twilio and OpenAI credentials first, the platform's
 * otherwise. Numbers stay on the account that holds them, so a business that adds its own Twilio account keeps the
 * numbers it got from the platform working.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { phoneNumbers } from "../db/schema";
import type { Config } from "../env";
import { type IntegrationRow, type StoredIntegration, integrationRows, openIntegration } from "./integrations/store";
import { usableBusinessUrl } from "./business-urls";
import type { BusinessCalendar } from "./calendars/calendar";
import { calendarsAmong } from "./calendars/index";
import { type ElevenLabsClient, elevenLabsClient } from "./elevenlabs";
import { type CrmClient, crmFor } from "./crm";
import { type OpenAiClient, liveOpenAiClient } from "./openai/client";
import { type TwilioClient, liveTwilioClient } from "./twilio/client";

/** The provider accounts one organization's work runs on. */
export interface Providers {
  /** Whose Twilio account `twilio` is: the platform's, or the organization's own (its numbers may then be adopted by a sync). */
  source: "platform" | "organization";
  /** Null when no OpenAI key is configured. */
  openai: OpenAiClient | null;
  /** Null when no Twilio account is configured. */
  twilio: TwilioClient | null;
  /** The Twilio account holding a number (`twilio_account_sid`; null: the platform's), for acting on that number. */
  holding(accountSid: string | null): { twilio: TwilioClient | null };
  /**
   * The same for one of the organization's numbers by its E.164 (calls from it, its live calls, and the texts the
   * messaging gate sends from it: worker/src/messaging/send-text.ts, the only sender of texts).
   */
  forNumber(phoneNumber: string): Promise<{ twilio: TwilioClient | null }>;
  /** The organization's CRM, or null when it has none (leads then stay in Nikki's own list). */
  crm(): Promise<CrmClient | null>;
  /** The organization's verified ElevenLabs account, which voices its voicemail greetings; null when none. */
  elevenlabs(): Promise<ElevenLabsClient | null>;
  /** Every calendar the organization connected and verified (Google Calendar, Cal.com): none, one or both. */
  calendars(): Promise<BusinessCalendar[]>;
}

export interface PlatformProviders {
  openai: OpenAiClient | null;
  twilio: TwilioClient | null;
}

export function twilioClientOf(config: Config, accountSid: string, authToken: string): TwilioClient {
  return liveTwilioClient({ accountSid, authToken, baseUrl: config.TWILIO_API_BASE, pricingBaseUrl: config.TWILIO_PRICING_API_BASE });
}

/** The organization's verified Twilio and OpenAI credentials among its integration rows (a row that no longer opens counts as none). */
async function verifiedOwn(db: Database, config: Config, rows: IntegrationRow[]) {
  const opened = new Map<string, StoredIntegration>();
  for (const row of rows) {
    if ((row.provider !== "twilio" && row.provider !== "openai") || row.testStatus !== "success") continue;
    const stored = await openIntegration(db, config, row).catch(() => null);
    if (stored) opened.set(row.provider, stored);
  }
  return { twilio: opened.get("twilio")?.credentials, openai: opened.get("openai")?.credentials };
}

export async function organizationProviders(db: Database, config: Config, platform: PlatformProviders, organizationId: string): Promise<Providers> {
  // One read of the organization's integrations serves its Twilio, OpenAI, CRM and ElevenLabs accounts alike.
  const rows = await integrationRows(db, organizationId);
  const own = await verifiedOwn(db, config, rows);
  const ownTwilio = own.twilio ? twilioClientOf(config, own.twilio.account_sid!, own.twilio.auth_token!) : null;
  const openai = own.openai
    ? liveOpenAiClient({
        apiKey: own.openai.api_key!,
        baseUrl: config.OPENAI_BASE_URL,
        realtimeUrl: usableBusinessUrl(config, "realtime_url", own.openai.realtime_url, organizationId) ?? undefined,
      })
    : platform.openai;
  const twilio = ownTwilio ?? platform.twilio;
  let calendars: Promise<BusinessCalendar[]> | undefined;
  const holding = (accountSid: string | null) => {
    const client = accountSid && ownTwilio && accountSid === ownTwilio.accountSid ? ownTwilio : platform.twilio;
    return { twilio: client };
  };
  return {
    source: ownTwilio ? "organization" : "platform",
    openai,
    twilio,
    holding,
    async forNumber(phoneNumber) {
      const [number] = await db
        .select({ accountSid: phoneNumbers.twilioAccountSid })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.organizationId, organizationId), eq(phoneNumbers.twilioNumber, phoneNumber)));
      return holding(number?.accountSid ?? null);
    },
    crm: () => crmFor(db, config, rows),
    async elevenlabs() {
      const row = rows.find((candidate) => candidate.provider === "elevenlabs" && candidate.testStatus === "success");
      const stored = row ? await openIntegration(db, config, row).catch(() => null) : null;
      return stored?.credentials.api_key ? elevenLabsClient(stored.credentials.api_key, config) : null;
    },
    calendars: () => {
      calendars ??= calendarsAmong(db, config, rows);
      return calendars;
    },
  };
}
