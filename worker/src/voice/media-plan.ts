/**
 * The media plane's plan for one call (call/plan.ts), decided by the control plane at the voice webhook: the model's
 * session (whose key: the platform's, or the organization's own), its instructions and tools, the stream's ticket, and
 * the signatures the stream may carry (worked out here, with the token of the account that holds the number).
 */
import { AGENT_DEFAULTS, TURN_TAKING_DEFAULTS, toolFillers } from "@nikki/core";
import type { MediaPlan } from "../call/plan";
import type { Services } from "../services";
import { streamSignatures } from "@nikki/core/twilio-signature";
import { TICKET_TTL_MS } from "../call/stream-ticket";
import { sessionUpdate } from "./realtime-session";
import type { CallSetup } from "../rpc/call-session";

/** The account the call runs on: the platform's key unless the organization brought its own (DESIGN.md: whose account pays). */
export async function callOpenAi(services: Services, setup: CallSetup) {
  return setup.ownOpenAiKey === false && services.openai ? services.openai : (await services.providersFor(setup.tool.organizationId)).openai;
}

/** The realtime model the call answers with, chosen at the webhook (realtime-models.ts); older setups: the deployment's. */
export const callModel = (services: Services, setup: CallSetup) => setup.realtimeModel ?? services.config.OPENAI_REALTIME_MODEL;

/**
 * Null when the call cannot have one (no model account). `stream.authToken` is the token the voice webhook was
 * verified with: the account that holds the number signs its stream the same way.
 */
export async function mediaPlanFor(
  services: Services,
  setup: CallSetup,
  stream: { url: string; authToken: string; ticketHash: string },
): Promise<MediaPlan | null> {
  const openai = await callOpenAi(services, setup);
  if (!openai) return null;
  const model = callModel(services, setup);
  const turnTaking = setup.turnTaking ?? TURN_TAKING_DEFAULTS;
  return {
    callId: setup.tool.callId,
    ticketHash: stream.ticketHash,
    ticketExpiresAt: Date.now() + TICKET_TTL_MS,
    streamSignatures: await streamSignatures(stream.authToken, stream.url),
    realtime: openai.realtimeTarget(model),
    sessionUpdate: JSON.stringify(sessionUpdate({ model, instructions: setup.instructions, voice: setup.voice, tools: setup.tool.tools, turnTaking })),
    interruptionMinMs: turnTaking.interruption_min_ms,
    openingLine: setup.openingLine,
    goodbye: setup.goodbye,
    fillers: setup.fillers ?? toolFillers(AGENT_DEFAULTS.language),
    maxCallSeconds: setup.maxCallSeconds,
    screenTalkOver: setup.screenTalkOver ?? true,
  };
}
