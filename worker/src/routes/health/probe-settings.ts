import { CRM_WEBHOOK_HEALTH_CHECK, PROBE_MESSAGES, type ProbeResult, bridgeHealthUrl, ownBridgeUrl } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { phoneNumbers } from "../../db/schema";
import { deploymentBridgeUrl } from "../../env";
import type { AppEnv } from "../../app-env";
import { orgCaller } from "../../middleware/access";
import { settingsRowOf } from "../../org/settings";
import { businessUrlRefusal, fetchBusinessUrl } from "../../services/business-urls";
import { postCrmWebhook } from "../../services/crm/webhook";
import { bridgeAnswer } from "./bridge-answer";
import { outboundFetch } from "../../services/outbound-fetch";

const TIMEOUT_MS = 10_000;

/**
 * The bridge's health URL by spec 001's rule: the organization's voice bridge when one is saved (through the URL
 * guard), else this deployment's (VOICE_BRIDGE_URL, fetched from here; or its own `/twilio/stream`, called in-process).
 */
export async function probeBridge(c: Context<AppEnv>, origin: string): Promise<Omit<ProbeResult, "target">> {
  const { config } = c.var;
  const { bridgeWsUrl } = await settingsRowOf(c.var.db, orgCaller(c).organizationId);
  const refused = bridgeWsUrl ? businessUrlRefusal(config, "bridge_ws_url", bridgeWsUrl) : null;
  if (refused) return { status: 0, content_type: null, ms: 0, body: PROBE_MESSAGES.refusedUrl("bridge URL", refused) };
  const url = bridgeHealthUrl(bridgeWsUrl ?? deploymentBridgeUrl(config) ?? ownBridgeUrl(origin));
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  if (new URL(url).origin === new URL(origin).origin) return bridgeAnswer(() => c.var.selfFetch(new Request(url)));
  return bridgeAnswer(() => (bridgeWsUrl ? fetchBusinessUrl(config, url, "https", { signal }) : outboundFetch(url, { signal })));
}

/**
 * The saved CRM webhook gets the health-check payload; any 2xx passes. What it answered is said in our words. It is
 * optional: none saved is reported as not set, not as a failed check.
 */
export async function probeCrmWebhook(c: Context<AppEnv>): Promise<Omit<ProbeResult, "target">> {
  const { config } = c.var;
  const { crmWebhookUrl } = await settingsRowOf(c.var.db, orgCaller(c).organizationId);
  if (!crmWebhookUrl) return { status: 0, content_type: null, ms: 0, body: PROBE_MESSAGES.notSet, not_set: true };
  const refused = businessUrlRefusal(config, "crm_webhook_url", crmWebhookUrl);
  if (refused) return { status: 0, content_type: null, ms: 0, body: PROBE_MESSAGES.refusedUrl("CRM webhook URL", refused) };
  const { status, ms, refused: refusedNow } = await postCrmWebhook(config, crmWebhookUrl, CRM_WEBHOOK_HEALTH_CHECK);
  const body = refusedNow
    ? PROBE_MESSAGES.refusedUrl("CRM webhook URL", refusedNow)
    : status === 0
      ? PROBE_MESSAGES.unreachable
      : status >= 300 && status < 400
        ? PROBE_MESSAGES.redirectNotFollowed(status)
        : PROBE_MESSAGES.webhookAnswered(status);
  return { status, content_type: null, ms, body };
}

/** The number follow-up texts leave from: the saved sender, else the first active number; it must be active and the organization's. */
export async function probeSmsSender(c: Context<AppEnv>): Promise<Omit<ProbeResult, "target">> {
  const started = performance.now();
  const organizationId = orgCaller(c).organizationId;
  const { smsSenderNumber } = await settingsRowOf(c.var.db, organizationId);
  const [number] = await c.var.db
    .select({ number: phoneNumbers.twilioNumber })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.organizationId, organizationId),
        eq(phoneNumbers.status, "active"),
        ...(smsSenderNumber ? [eq(phoneNumbers.twilioNumber, smsSenderNumber)] : []),
      ),
    )
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  const ms = Math.round(performance.now() - started);
  if (!number) return { status: 404, content_type: null, ms, body: smsSenderNumber ? PROBE_MESSAGES.senderGone : PROBE_MESSAGES.noSender };
  const note = smsSenderNumber ? "" : " (the first active number; none is saved)";
  return { status: 200, content_type: null, ms, body: `Texts are sent from ${number.number}${note}.` };
}
