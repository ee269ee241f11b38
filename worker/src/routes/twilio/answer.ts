import type { Context } from "hono";
import { deploymentBridgeUrl } from "../../env";
import type { AppEnv } from "../../app-env";
import { answerCall } from "../../voice/answer";

export const xml = (c: Context<AppEnv>, document: string) => c.body(document, 200, { "content-type": "text/xml; charset=utf-8" });

/** The voice webhooks: the verified parameters in, the TwiML `voice/` decides out. */
export async function answerVoiceWebhook(c: Context<AppEnv>, direction: "inbound" | "outbound", agentId?: string) {
  const params = c.var.twilioParams!;
  const document = await answerCall(
    {
      services: c.var.services,
      origin: c.var.config.publicOrigin!,
      bridgeUrl: deploymentBridgeUrl(c.var.config)!,
      log: c.var.log,
      afterResponse: (work) => c.executionCtx.waitUntil(work),
    },
    {
      direction,
      callSid: params.CallSid ?? "",
      from: params.From ?? "",
      to: params.To ?? "",
      account: c.var.twilioAccount!,
      ...(agentId ? { agentId } : {}),
    },
  );
  return xml(c, document);
}
