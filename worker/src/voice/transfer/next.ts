/**
 * Which TwiML comes next in a warm transfer, decided from the call's CallSession's answer alone (pure): the whisper for
 * the side that answered, and what follows each number rung: hang up, ring the next number (its hold line kept), the
 * caller back to the agent, or a message when the transfer is not (or no longer) known.
 */
import { AGENT_DEFAULTS, type TransferOutcome } from "@nikki/core";
import type { TranscriptEntry } from "../../call/plan";
import type { AfterDial, CallSetup, TransferState } from "../../rpc/call-session";
import { hangup, twiml } from "../twiml";
import { dialDocument, unknownTransferDocument, whisperDocument } from "./documents";
import { holdLine } from "./hand-off";

/** The transfer the webhook's URL names: the parent call's CallSid and the attempt. */
export interface TransferLeg {
  callSid: string;
  attempt: number;
}

/** The whisper the answering side hears, or a goodbye for a transfer this deployment no longer knows. */
export function whisperFor(
  origin: string,
  leg: TransferLeg | null,
  brief: { transfer: TransferState; setup: CallSetup; transcript: TranscriptEntry[] } | null,
): string {
  if (!leg || !brief) return unknownTransferDocument();
  return whisperDocument(origin, leg.callSid, leg.attempt, {
    organizationName: brief.setup.organizationName,
    callerName: brief.transfer.callerName,
    callerNumber: brief.setup.tool.callerNumber,
    reason: brief.transfer.reason,
    transcript: brief.transcript,
  });
}

export type NextAfterDial =
  | { kind: "twiml"; twiml: string }
  /** Ring the next number: `holdLine` is what the caller hears meanwhile, kept in the call's transcript. */
  | { kind: "dial"; twiml: string; holdLine: string; callId: string }
  | { kind: "agent"; setup: CallSetup; segment: number; outcome: TransferOutcome; language: string }
  | { kind: "message" };

/**
 * After one number rang: the session's answer (`next`, with the call's setup) as what Twilio is to do, in the agent's
 * language (the setup's, as the first hold line was).
 */
export function nextAfterDial(origin: string, callSid: string, answer: { next: AfterDial; setup: CallSetup | null }): NextAfterDial {
  const { next, setup } = answer;
  if (next.kind === "hangup") return { kind: "twiml", twiml: twiml(hangup()) };
  if (next.kind === "message" || !setup) return { kind: "message" };
  const language = setup.language ?? AGENT_DEFAULTS.language;
  if (next.kind === "dial") {
    return {
      kind: "dial",
      twiml: dialDocument(origin, callSid, next.numbers, next.attempt, setup.tool.businessNumber, language),
      holdLine: holdLine(language, next.attempt),
      callId: setup.tool.callId,
    };
  }
  return { kind: "agent", setup, segment: next.segment, outcome: next.outcome, language };
}
