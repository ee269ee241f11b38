import type { Context } from "hono";
import { deploymentBridgeUrl } from "../../env";
import type { AppEnv } from "../../app-env";
import { answerCall } from "../../voice/answer";

export const xml = (c: Context<AppEnv>, document: string) => c.body(document, 200, { "content-type": "text/xml; charset=utf-8" });

/** The voice webhooks: the verified parameters in, the TwiML `voice/` decides out. */
export async function answerVoiceWebhook(c: Context<AppEnv>, direction: "inbound" | "outbound", agentId?: string) {
  const params = c.var.twilioParams!;
  const sessions = c.env.CALL_SESSION;
  const document = await answerCall(
    {
      services: c.var.services,
      origin: c.var.config.publicOrigin!,
      bridgeUrl: deploymentBridgeUrl(c.var.config)!,
      log: c.var.log,
      // The call's CallSession keeps the setup and the plan, whose model key stays out of storage; the media plane asks
      // for the plan when the stream comes, so a call that never streams never reaches it.
      prepareSession: async (callSid, setup, { realtime: _key, ...plan }) => sessions.get(sessions.idFromName(callSid)).prepare(setup, plan),
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
