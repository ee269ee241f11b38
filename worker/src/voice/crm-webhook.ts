import type { CrmWebhookPayload } from "@nikki/core";
import type { calls } from "../db/schema";
import type { Database } from "../db/client";
import type { Config } from "../env";
import { BusinessUrlRefused, fetchBusinessUrl, usableBusinessUrl } from "../services/business-urls";
import type { Logger } from "../logger";
import { recordSuiteEffect } from "../test-suite/effects";

const TIMEOUT_MS = 10_000;

export interface WebhookDelivery {
  status: number;
  ms: number;
  ok: boolean;
  /** Why the URL guard refused it before sending (its host resolved to a private address, say); null when it was sent. */
  refused: string | null;
}

/**
 * One POST of the payload as JSON through the URL guard, no redirect followed; a network failure, timeout or refused
 * URL is status 0. Any 2xx is delivered (a 3xx is not).
 */
export async function postCrmWebhook(config: Config, url: string, payload: CrmWebhookPayload): Promise<WebhookDelivery> {
  const started = performance.now();
  try {
    const response = await fetchBusinessUrl(config, url, "https", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "NikkiAI-Webhook/1" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status, ms: Math.round(performance.now() - started), ok: response.status >= 200 && response.status < 300, refused: null };
  } catch (error) {
    return { status: 0, ms: Math.round(performance.now() - started), ok: false, refused: error instanceof BusinessUrlRefused ? error.reason : null };
  }
}

/** After a call is analysed: the call to the organization's CRM webhook (Voice Operations). Test Suite calls record it instead. */
export async function sendCallWebhook(
  { db, config }: { db: Database; config: Config },
  log: Logger,
  call: typeof calls.$inferSelect,
  stored: string,
  analysis: { summary: string; sentiment: string; entities: Record<string, string> },
): Promise<void> {
  const url = usableBusinessUrl(config, "crm_webhook_url", stored, call.organizationId);
  if (!url) return;
  if (call.kind === "test") {
    await recordSuiteEffect(db, call.id, "crm", "After the call: would post the call to the CRM webhook.");
    return;
  }
  const delivery = await postCrmWebhook(config, url, {
    event: "call.processed",
    summary: analysis.summary,
    intent: analysis.entities.intent?.trim() || null,
    sentiment: analysis.sentiment,
    entities: analysis.entities,
    call: {
      id: call.id,
      from_number: call.fromNumber,
      to_number: call.toNumber,
      duration_seconds: call.durationSeconds,
      created_at: call.createdAt.toISOString(),
    },
  });
  if (delivery.ok) log.info("crm_webhook_sent", { status: delivery.status, ms: delivery.ms });
  else log.warn("crm_webhook_failed", { status: delivery.status, ms: delivery.ms, refused: delivery.refused });
}
