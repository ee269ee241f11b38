/**
 * The media plane's plan for one call (call/plan.ts), decided by the control plane at the voice webhook: the model's
 * session (whose key: the platform's, or the organization's own), its instructions and tools, the stream's ticket, and
 * the signatures the stream may carry (worked out here, with the token of the account that holds the number).
 */
import { AGENT_DEFAULTS, toolFillers } from "@nikki/core";
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

/**
 * Null when the call cannot have one (no model account). `stream.authToken` is the token the voice webhook was
 * verified with: the account that holds the number signs its stream the same way.
 */
export async function mediaPlanFor(
  services: Services,
  setup: CallSetup,
  stream: { url: string; authToken: string; ticketHash: string },
): Promise<MediaPlan | null> {
  const { config } = services;
  const openai = await callOpenAi(services, setup);
  if (!openai) return null;
  const model = config.OPENAI_REALTIME_MODEL;
  return {
    callId: setup.tool.callId,
    ticketHash: stream.ticketHash,
    ticketExpiresAt: Date.now() + TICKET_TTL_MS,
    streamSignatures: await streamSignatures(stream.authToken, stream.url),
    realtime: openai.realtimeTarget(model),
    sessionUpdate: JSON.stringify(sessionUpdate({ model, instructions: setup.instructions, voice: setup.voice, tools: setup.tool.tools })),
    openingLine: setup.openingLine,
    goodbye: setup.goodbye,
    fillers: setup.fillers ?? toolFillers(AGENT_DEFAULTS.language),
    maxCallSeconds: setup.maxCallSeconds,
    screenTalkOver: setup.screenTalkOver ?? true,
  };
}
