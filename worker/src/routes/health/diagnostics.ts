import { type DiagnosticsReport, isOperatorE164, probePassed } from "@nikki/core";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Context } from "hono";
import { clientIp } from "../../audit";
import { phoneNumbers } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { rateLimit } from "../../middleware/rate-limit";
import { PROBE_CALLER, probeRequest } from "./probe";
import { bridgeAnswer } from "./bridge-answer";
import { timedAnswer } from "./timed-answer";

/** Each address may run the public diagnostics 20 times a minute: they call the webhooks in-process. */
export const diagnosticsLimit = rateLimit([{ key: (c) => `diagnostics:ip:${clientIp(c) ?? "unknown"}`, limit: 20, windowMs: 60_000, code: "rate_limited" }]);

/**
 * `GET /api/health/diagnostics` (anyone): the voice and messaging webhooks called as Twilio calls them (signed, with
 * the probe's CallSid and a number nobody holds, so nothing is recorded and no agent answers), the bridge's health
 * URL, and whether a sender number exists. Statuses and content types only.
 */
export async function diagnostics(c: Context<AppEnv>) {
  const origin = c.var.config.publicOrigin;
  const senders = await c.var.db
    .select({ number: phoneNumbers.twilioNumber })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.status, "active"), isNotNull(phoneNumbers.assignedAgentId)))
    .limit(20);
  const sender_number_ok = senders.some((row) => isOperatorE164(row.number));
  const down = { status: 0, content_type: null };
  const canSign = Boolean(origin && c.var.config.TWILIO_ACCOUNT_SID && c.var.config.TWILIO_AUTH_TOKEN);
  const unavailable = !origin
    ? "PUBLIC_BASE_URL is not set"
    : canSign
      ? null
      : "The platform's Twilio account is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)";
  const webhook = async (target: "voice_inbound" | "messaging_inbound") => {
    if (!canSign || !origin) return down;
    const request = await probeRequest(c, target, origin, PROBE_CALLER);
    const { status, content_type } = await timedAnswer(() => c.var.selfFetch(request));
    return { status, content_type };
  };
  const bridge = origin ? await bridgeAnswer(() => c.var.selfFetch(new Request(`${origin}/twilio/stream`))) : { ...down, ms: 0, body: "" };
  const report: DiagnosticsReport = {
    voice_twiml: await webhook("voice_inbound"),
    messaging_twiml: await webhook("messaging_inbound"),
    bridge_health: { status: bridge.status, content_type: bridge.content_type, says_ok: probePassed({ target: "bridge_health", ...bridge }) },
    sender_number_ok,
    unavailable,
  };
  return c.json(report, 200, { "cache-control": "no-store" });
}
