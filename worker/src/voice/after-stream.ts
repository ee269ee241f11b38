import { AGENT_DEFAULTS } from "@nikki/core";
import type { CallEndReason } from "../call/plan";
import { type SigningAccount, callContextFor } from "./call-context";
import { FINAL_STATUSES } from "./call-status";
import { messageAfterDrop } from "./dropped-call";
import { type MessageDeps, takeMessage } from "./take-message";
import { hangup, twiml } from "./twiml";

export interface AfterStreamDeps extends MessageDeps {
  /** The reason the call's CallSession kept with its end, or null when none was kept. */
  endReason(callSid: string): Promise<CallEndReason | null>;
}

/**
 * What follows a call's media stream (Twilio's <Connect action>), asked when the stream has ended with the caller still
 * on the line. A call the media plane ended was told what comes next before its stream closed (CallSession.ended:
 * hung up, or the apology and a message), so this only repeats it. Any other stream never ran or broke off without an
 * end (a refused ticket, a plan that never came, the media plane out of reach): the caller leaves a message rather than
 * hearing silence.
 */
export async function afterStream(deps: AfterStreamDeps, params: Record<string, string>, account: SigningAccount): Promise<string> {
  const callSid = params.CallSid ?? "";
  if (params.CallStatus && FINAL_STATUSES.has(params.CallStatus)) return twiml(hangup());
  const reason = await deps.endReason(callSid);
  if (reason === "time_limit" || reason === "agent_ended" || reason === "silent" || reason === "talk_over") return twiml(hangup());
  if (reason === "openai_closed") return messageAfterDrop(deps.origin);
  deps.log.warn("stream_ended_without_end", { call_sid: callSid, reason });
  const business = params.Direction?.startsWith("outbound") ? params.From : params.To;
  const context = await callContextFor(deps.services.db, business ?? "", account);
  return takeMessage(deps, context, context?.agent?.language ?? AGENT_DEFAULTS.language, false);
}
