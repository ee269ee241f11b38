/**
 * An organization's CRM webhook (Voice Operations): the processed call, or the probe's health check, posted as JSON
 * through the URL guard, no redirect followed.
 */
import type { CrmWebhookPayload } from "@nikki/core";
import type { Config } from "../../env";
import { BusinessUrlRefused, fetchBusinessUrl } from "../business-urls";

const TIMEOUT_MS = 10_000;

export interface WebhookDelivery {
  status: number;
  ms: number;
  ok: boolean;
  /** Why the URL guard refused it before sending (its host resolved to a private address, say); null when it was sent. */
  refused: string | null;
}

/** One POST of the payload; a network failure, timeout or refused URL is status 0. Any 2xx is delivered (a 3xx is not). */
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
