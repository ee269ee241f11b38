import type { calls } from "../db/schema";
import type { CallEffects } from "../call-effects/call-effects";
import type { Config } from "../env";
import { usableBusinessUrl } from "../services/business-urls";

/** After a call is analysed: the call to the organization's CRM webhook (Voice Operations), the call's effect. */
export async function sendCallWebhook(
  config: Config,
  effects: CallEffects,
  call: typeof calls.$inferSelect,
  stored: string,
  analysis: { summary: string; sentiment: string; entities: Record<string, string> },
): Promise<void> {
  const url = usableBusinessUrl(config, "crm_webhook_url", stored, call.organizationId);
  if (!url) return;
  await effects.postWebhook(url, {
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
}
