import { AGENT_DEFAULTS } from "@nikki/core";
import type { MediaPlan } from "../../call/plan";
import { type SigningAccount, callContextFor } from "../call-context";
import type { AfterDial, CallSetup } from "../../rpc/call-session";
import { type MessageDeps, takeMessage } from "../take-message";
import { keepHoldLine } from "./hand-off";
import { nextAfterDial } from "./next";
import { backToAgent } from "./resume";

/** The call a <Dial action> is about, as Twilio posted it. */
export interface DialedCall {
  callSid: string;
  /** The business's number on it, which the message-taking path answers for when the transfer is not known. */
  businessNumber: string;
  account: SigningAccount & { authToken: string };
  /** Keeps a new segment's plan in the call's CallSession. */
  keepPlan(plan: MediaPlan): Promise<void>;
}

/** The TwiML after one number rang (next.ts decides which), with what it needs done first. */
export async function afterDialDocument(deps: MessageDeps, call: DialedCall, answer: { next: AfterDial; setup: CallSetup | null }): Promise<string> {
  const next = nextAfterDial(deps.origin, call.callSid, answer);
  switch (next.kind) {
    case "twiml":
      return next.twiml;
    case "dial":
      await keepHoldLine(deps.services.db, next.callId, next.holdLine, Date.now());
      return next.twiml;
    case "agent": {
      const { setup, segment, outcome, language } = next;
      return backToAgent({ ...deps, keepPlan: call.keepPlan }, setup, { callSid: call.callSid, segment, outcome, language, authToken: call.account.authToken });
    }
    case "message": {
      const context = await callContextFor(deps.services.db, call.businessNumber, call.account);
      return takeMessage(deps, context, context?.agent?.language ?? AGENT_DEFAULTS.language, false);
    }
  }
}
