import { PROBE_CALL_SID, PROBE_MESSAGE_SID, PROBE_MESSAGES, PROBE_TARGETS, type ProbeResult } from "@nikki/core";
import * as z from "zod/mini";
import type { Context } from "hono";
import { and, asc, eq } from "drizzle-orm";
import { phoneNumbers } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { orgCaller } from "../../middleware/access";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { probeBridge, probeCrmWebhook, probeSmsSender } from "./probe-settings";
import { timedAnswer } from "./timed-answer";

const probeSchema = z.strictObject({ target: z.enum(PROBE_TARGETS, PROBE_MESSAGES.target) });
export const PROBE_CALLER = "+15005550006";

/** The signed request a webhook target gets: Twilio's own form, with the probe's CallSid or MessageSid (nothing is recorded for them). */
export async function probeRequest(c: Context<AppEnv>, target: "voice_inbound" | "messaging_inbound", origin: string, to: string): Promise<Request> {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: token } = c.var.config;
  if (!accountSid || !token)
    throw new ApiError("twilio_unavailable", { message: "The platform's Twilio account is not configured: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN." });
  const voice = target === "voice_inbound";
  const path = voice ? "/twilio/voice/inbound" : "/twilio/messaging/inbound";
  const params: Record<string, string> = voice
    ? { AccountSid: accountSid, CallSid: PROBE_CALL_SID, From: PROBE_CALLER, To: to, CallStatus: "ringing", Direction: "inbound" }
    : { AccountSid: accountSid, MessageSid: PROBE_MESSAGE_SID, From: PROBE_CALLER, To: to, Body: "Health check" };
  const signature = await computeTwilioSignature(token, `${origin}${path}`, params);
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params),
  });
}

/**
 * `POST /api/health/probe` {target} (owners and admins): this deployment's own voice and messaging webhooks, called as
 * Twilio calls them (signed with the platform's token), in-process; the voice bridge's health URL; the saved CRM
 * webhook; the texts' sender number. Answers what came back.
 */
export async function runProbe(c: Context<AppEnv>) {
  const { target } = await parseBody(c, probeSchema, "the check");
  const origin = c.var.config.publicOrigin;
  if (!origin) throw new ApiError("validation_failed", { message: "PUBLIC_BASE_URL is not set: this deployment does not know its own address." });
  if (target === "bridge_health") return c.json({ probe: { target, ...(await probeBridge(c, origin)) } satisfies ProbeResult });
  if (target === "crm_webhook") return c.json({ probe: { target, ...(await probeCrmWebhook(c)) } satisfies ProbeResult });
  if (target === "sms_sender") return c.json({ probe: { target, ...(await probeSmsSender(c)) } satisfies ProbeResult });
  // The caller's own first number, so its agent answers the probe; any number of the platform's account otherwise.
  const [number] = await c.var.db
    .select({ number: phoneNumbers.twilioNumber })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.organizationId, orgCaller(c).organizationId), eq(phoneNumbers.status, "active")))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  const request = await probeRequest(c, target, origin, number?.number ?? PROBE_CALLER);
  return c.json({ probe: { target, ...(await timedAnswer(() => c.var.selfFetch(request))) } satisfies ProbeResult });
}
