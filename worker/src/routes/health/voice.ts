import { and, eq, isNotNull } from "drizzle-orm";
import type { Context } from "hono";
import { phoneNumbers } from "../../db/schema";
import { deploymentBridgeUrl } from "../../env";
import type { AppEnv } from "../../app-env";

/**
 * `GET /api/health/voice` (spec 001 §3 "Health check result (voice)"): whether this deployment can answer calls.
 * Booleans only, never a secret: each check says whether something is configured, `errors` what to fix.
 */
export async function voiceHealth(c: Context<AppEnv>) {
  const config = c.var.config;
  const origin = config.publicOrigin;
  const [number] = await c.var.db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.status, "active"), isNotNull(phoneNumbers.assignedAgentId)))
    .limit(1);
  const checks = {
    twilioAccountSid: Boolean(config.TWILIO_ACCOUNT_SID),
    twilioAuthToken: Boolean(config.TWILIO_AUTH_TOKEN),
    twilioFromNumber: Boolean(number),
    voiceWebhookUrl: Boolean(origin),
    mediaStreamWss: Boolean(origin),
    openaiApiKey: Boolean(config.OPENAI_API_KEY),
    siteUrl: Boolean(origin),
  };
  const errors = [
    !checks.twilioAccountSid && "TWILIO_ACCOUNT_SID is not set.",
    !checks.twilioAuthToken && "TWILIO_AUTH_TOKEN is not set.",
    !checks.twilioFromNumber && "No active phone number is assigned to an agent.",
    !origin && "PUBLIC_BASE_URL is not set: Twilio cannot reach the voice webhook or the media stream.",
    !checks.openaiApiKey && "OPENAI_API_KEY is not set: calls go to voicemail.",
  ].filter((error): error is string => Boolean(error));
  const validations = origin
    ? [
        `Voice webhook: ${origin}/twilio/voice/inbound`,
        `Media stream: ${deploymentBridgeUrl(config)}/{CallSid}`,
        origin.startsWith("https://") ? "PUBLIC_BASE_URL uses HTTPS." : "PUBLIC_BASE_URL is not HTTPS: Twilio needs HTTPS in production.",
      ]
    : [];
  // Where this deployment's calls stream (its media plane), for Voice Bridge Health to show and check.
  const bridge_url = deploymentBridgeUrl(config);
  return c.json({ ok: errors.length === 0, checks, validations, errors, bridge_url }, 200, { "cache-control": "no-store" });
}
