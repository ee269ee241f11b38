import { DEMO_CALL_CONSENT, countriesOf, demoCallSchema, normalizeWidgetPhone, parseFields } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { clientIp } from "../audit";
import type { Database } from "../db/client";
import { agents, consentRecords, phoneNumbers } from "../db/schema";
import { DAY_MS, HOUR_MS, hitRateLimit } from "../durable/rate-limit";
import type { AppEnv } from "../http/app-env";
import { ApiError } from "../http/api-error";
import type { Logger } from "../http/logger";
import type { TwilioClient } from "../services/twilio/client";
import type { WidgetOwner } from "./widget-key";

const COUNTRY_NAMES: Record<string, string> = { US: "the United States", CA: "Canada", GB: "the United Kingdom", AU: "Australia" };

/**
 * Every check a test call passes before anything is written, for "call me now" and "schedule for later" alike:
 * consent, the phone rules of spec 000 §5, the organization's allowed countries (toll-fraud guard), then its
 * per-IP hourly and per-phone daily limits. Returns the E.164 number; throws the spec's error codes.
 */
export async function checkDemoCallRequest(c: Context<AppEnv>, owner: WidgetOwner, body: unknown): Promise<{ e164: string; pageUrl: string | null }> {
  const parsed = parseFields(demoCallSchema, body);
  if (!parsed.ok) throw new ApiError("invalid_phone");
  if (parsed.data.consent !== true) throw new ApiError("consent_required");
  const phone = normalizeWidgetPhone(parsed.data.phone);
  if (!phone.ok) throw new ApiError("invalid_phone");
  if (!countriesOf(phone.e164).some((country) => owner.allowedCountries.includes(country))) {
    const names = owner.allowedCountries.map((country) => COUNTRY_NAMES[country] ?? country).join(" and ");
    throw new ApiError("invalid_phone", { message: `Test calls can only be placed to numbers in ${names}.` });
  }
  const ip = clientIp(c) ?? "unknown";
  const byIp = await hitRateLimit(c.env.RATE_LIMITER, `demo:ip:${owner.organizationId}:${ip}`, owner.demoCallsPerIpHour, HOUR_MS);
  if (!byIp.allowed) throw new ApiError("rate_limit_ip");
  const byPhone = await hitRateLimit(c.env.RATE_LIMITER, `demo:phone:${owner.organizationId}:${phone.e164}`, owner.demoCallsPerPhoneDay, DAY_MS);
  if (!byPhone.allowed) throw new ApiError("rate_limit_phone");
  return { e164: phone.e164, pageUrl: parsed.data.page_url ?? c.req.header("referer") ?? null };
}

/** The consent record, written before any call is placed or queued. */
export async function recordConsent(c: Context<AppEnv>, owner: WidgetOwner, e164: string, pageUrl: string | null): Promise<string> {
  const [row] = await c.var.db
    .insert(consentRecords)
    .values({
      organizationId: owner.organizationId,
      widgetKeyId: owner.widgetKeyId,
      phoneE164: e164,
      consentTextVersion: DEMO_CALL_CONSENT.version,
      consentText: DEMO_CALL_CONSENT.text,
      ip: clientIp(c) ?? null,
      userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
      pageUrl: pageUrl?.slice(0, 2048) ?? null,
    })
    .returning({ id: consentRecords.id });
  return row!.id;
}

export interface DemoCallPlacer {
  db: Database;
  twilio: TwilioClient | null;
  /** This deployment's public origin, where Twilio fetches TwiML; null when unknown. */
  origin: string | null;
  log: Logger;
}

/** The organization's first active number with an active agent: who calls, and which agent talks. */
async function callingLine(db: Database, organizationId: string) {
  const [line] = await db
    .select({ number: phoneNumbers.twilioNumber, agentId: phoneNumbers.assignedAgentId })
    .from(phoneNumbers)
    .innerJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
    .where(and(eq(phoneNumbers.organizationId, organizationId), eq(phoneNumbers.status, "active"), eq(agents.status, "active")))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  return line;
}

/**
 * Rings the visitor from the organization's number; Twilio fetches the TwiML from `/twilio/voice/outbound`, so
 * the organization's agent talks through the same bridge as inbound calls. Throws backend_down (not configured),
 * backend_timeout (Twilio slower than its 10 s budget) or call_failed.
 */
export async function placeDemoCall(placer: DemoCallPlacer, organizationId: string, e164: string): Promise<string> {
  const line = await callingLine(placer.db, organizationId);
  if (!placer.twilio || !line?.agentId || !placer.origin) {
    placer.log.error("demo_call_backend_down", { twilio: Boolean(placer.twilio), number: Boolean(line), public_base_url: Boolean(placer.origin) });
    throw new ApiError("backend_down");
  }
  try {
    const call = await placer.twilio.createCall({
      from: line.number,
      to: e164,
      url: `${placer.origin}/twilio/voice/outbound?agent=${encodeURIComponent(line.agentId)}`,
      statusCallback: `${placer.origin}/twilio/voice/status`,
    });
    placer.log.info("demo_call_placed", { organization_id: organizationId, call_sid: call.sid });
    return call.sid;
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    placer.log.warn("demo_call_failed", { error: error instanceof Error ? error.message : String(error), timed_out: timedOut });
    throw new ApiError(timedOut ? "backend_timeout" : "call_failed");
  }
}
