import { DEMO_CALL_CONSENT, countriesOf, demoCallSchema, normalizeWidgetPhone, parseFields } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { clientIp } from "../../audit";
import { selfOrigin } from "../../auth/context";
import { agents, consentRecords, phoneNumbers } from "../../db/schema";
import { DAY_MS, HOUR_MS, hitRateLimit } from "../../durable/rate-limit";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { widgetCors } from "../../middleware/widget-cors";

const COUNTRY_NAMES: Record<string, string> = { US: "the United States", CA: "Canada", GB: "the United Kingdom", AU: "Australia" };

/**
 * `POST /api/demo-calls?key=`: "call me now" from the Test-a-Call widget. Consent, the phone rules of
 * spec 000 §5, the organization's allowed countries and its per-IP and per-phone limits are checked first;
 * the consent record is written before the call; Twilio then rings the visitor and fetches its TwiML from
 * `/twilio/voice/outbound`, so the organization's agent talks through the same bridge as inbound calls.
 */
export const demoCallRoutes = new Hono<AppEnv>().use("/", widgetCors()).post("/", async (c) => {
  const owner = c.var.widgetOwner!;
  const parsed = parseFields(demoCallSchema, await readJsonBody(c));
  if (!parsed.ok) throw new ApiError("invalid_phone");
  if (parsed.data.consent !== true) throw new ApiError("consent_required");
  const phone = normalizeWidgetPhone(parsed.data.phone);
  if (!phone.ok) throw new ApiError("invalid_phone");

  const db = c.var.db;
  if (!countriesOf(phone.e164).some((country) => owner.allowedCountries.includes(country))) {
    const names = owner.allowedCountries.map((country) => COUNTRY_NAMES[country] ?? country).join(" and ");
    throw new ApiError("invalid_phone", { message: `Test calls can only be placed to numbers in ${names}.` });
  }

  const ip = clientIp(c) ?? "unknown";
  const byIp = await hitRateLimit(c.env.RATE_LIMITER, `demo:ip:${owner.organizationId}:${ip}`, owner.demoCallsPerIpHour, HOUR_MS);
  if (!byIp.allowed) throw new ApiError("rate_limit_ip");
  const byPhone = await hitRateLimit(c.env.RATE_LIMITER, `demo:phone:${owner.organizationId}:${phone.e164}`, owner.demoCallsPerPhoneDay, DAY_MS);
  if (!byPhone.allowed) throw new ApiError("rate_limit_phone");

  const twilio = c.var.twilio;
  const [line] = await db
    .select({ number: phoneNumbers.twilioNumber, agentId: phoneNumbers.assignedAgentId })
    .from(phoneNumbers)
    .innerJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
    .where(and(eq(phoneNumbers.organizationId, owner.organizationId), eq(phoneNumbers.status, "active"), eq(agents.status, "active")))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  if (!twilio || !line || !c.var.config.publicOrigin) {
    c.var.log.error("demo_call_backend_down", { twilio: Boolean(twilio), number: Boolean(line), public_base_url: Boolean(c.var.config.publicOrigin) });
    throw new ApiError("backend_down");
  }

  await db.insert(consentRecords).values({
    organizationId: owner.organizationId,
    widgetKeyId: owner.widgetKeyId,
    phoneE164: phone.e164,
    consentTextVersion: DEMO_CALL_CONSENT.version,
    consentText: DEMO_CALL_CONSENT.text,
    ip,
    userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
    pageUrl: parsed.data.page_url ?? c.req.header("referer") ?? null,
  });

  const origin = selfOrigin(c);
  try {
    const call = await twilio.createCall({
      from: line.number,
      to: phone.e164,
      url: `${origin}/twilio/voice/outbound?agent=${encodeURIComponent(line.agentId!)}`,
      statusCallback: `${origin}/twilio/voice/status`,
    });
    c.var.log.info("demo_call_placed", { organization_id: owner.organizationId, call_sid: call.sid });
    return c.json({ ok: true, callSid: call.sid });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    c.var.log.warn("demo_call_failed", { error: error instanceof Error ? error.message : String(error), timed_out: timedOut });
    throw new ApiError(timedOut ? "backend_timeout" : "call_failed");
  }
});
