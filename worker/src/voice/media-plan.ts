/**
 * The media plane's plan for one call (media/plan.ts), decided by the control plane at the voice webhook: the model's
 * session (whose key: the platform's, or the organization's own), its instructions and tools, the stream's ticket, and
 * the signatures the stream may carry (worked out here, with the token of the account that holds the number).
 */
import type { MediaPlan } from "../media/plan";
import { ownTwilioToken } from "../integrations/store";
import type { Services } from "../services";
import { streamSignatures } from "../services/twilio/signature";
import type { SigningAccount } from "./call-context";
import { sessionUpdate } from "./realtime-session";
import type { CallSetup } from "./setup";

/** The account the call runs on: the platform's key unless the organization brought its own (DESIGN.md: whose account pays). */
export async function callOpenAi(services: Services, setup: CallSetup) {
  return setup.ownOpenAiKey === false && services.openai ? services.openai : (await services.providersFor(setup.tool.organizationId)).openai;
}

/** Null when the call cannot have one: no model account, or no token to tell Twilio's stream from anyone else's. */
export async function mediaPlanFor(
  services: Services,
  setup: CallSetup,
  stream: { url: string; account: SigningAccount; ticketHash: string },
): Promise<MediaPlan | null> {
  const { config, db } = services;
  const [openai, token] = await Promise.all([
    callOpenAi(services, setup),
    stream.account.organizationId ? ownTwilioToken(db, config, stream.account.organizationId) : (config.TWILIO_AUTH_TOKEN ?? null),
  ]);
  if (!openai || !token) return null;
  const model = config.OPENAI_REALTIME_MODEL;
  return {
    callId: setup.tool.callId,
    ticketHash: stream.ticketHash,
    streamSignatures: await streamSignatures(token, stream.url),
    realtime: openai.realtimeTarget(model),
    sessionUpdate: JSON.stringify(sessionUpdate({ model, instructions: setup.instructions, voice: setup.voice, tools: setup.tool.tools })),
    openingLine: setup.openingLine,
    goodbye: setup.goodbye,
    maxCallSeconds: setup.maxCallSeconds,
  };
}
