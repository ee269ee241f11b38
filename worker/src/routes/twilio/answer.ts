import type { Context } from "hono";
import { deploymentBridgeUrl } from "../../env";
import type { AppEnv } from "../../app-env";
import { mediaPlane } from "../../voice/media-client";
import { answerCall } from "../../voice/answer";
import { renderCallGreeting } from "../../voice/greeting-cache";

export const xml = (c: Context<AppEnv>, document: string) => c.body(document, 200, { "content-type": "text/xml; charset=utf-8" });

/** The voice webhooks: the verified parameters in, the TwiML `voice/` decides out. */
export async function answerVoiceWebhook(c: Context<AppEnv>, direction: "inbound" | "outbound", agentId?: string) {
  const params = c.var.twilioParams!;
  const sessions = c.env.CALL_SESSION;
  const media = mediaPlane(c.env.MEDIA, c.var.config.AUTH_SECRET ?? "");
  const document = await answerCall(
    {
      services: c.var.services,
      origin: c.var.config.publicOrigin!,
      bridgeUrl: deploymentBridgeUrl(c.var.config)!,
      log: c.var.log,
      // The two planes are told at once: the control plane keeps the setup, the media plane opens the model's session.
      // A greeting the media plane has no render of is rendered after, for the next call (this one's model says it).
      prepareSession: async (callSid, setup, plan) => {
        const [, prepared] = await Promise.all([sessions.get(sessions.idFromName(callSid)).prepare(setup), media.prepare(callSid, plan)]);
        if (plan.greetingKey && !prepared.greeting) await renderCallGreeting(c.var.services, media, setup, plan.greetingKey, c.var.log);
      },
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
