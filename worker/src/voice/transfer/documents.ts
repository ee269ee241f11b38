/**
 * The warm transfer's TwiML (issue 37 §1): the caller's hold and the <Dial> of one number, whose <Number url> runs the
 * whisper on the answering side (the briefing, then "press 1"), and what the whisper's key press gets.
 */
import type { TranscriptEntry } from "../../call/plan";
import { dial, dialedNumber, gather, hangup, say, twiml } from "../twiml";
import { holdLine } from "./hand-off";

/** How long each number rings before the next is tried (Twilio's <Dial timeout>, seconds). */
export const RING_SECONDS = 25;
/** How long the person who answered has to press 1 after the briefing. */
const ACCEPT_SECONDS = 8;

/** The caller on hold while number `attempt` rings; its answer is briefed first, then joined once they press 1. */
export function dialDocument(origin: string, callSid: string, numbers: string[], attempt: number, businessNumber: string, language: string): string {
  const query = `call=${callSid}&attempt=${attempt}`;
  return twiml(
    say(holdLine(language, attempt), { language }),
    dial(
      { callerId: businessNumber, timeout: RING_SECONDS, action: `${origin}/twilio/voice/transfer/dialed?${query}`, method: "POST" },
      dialedNumber(numbers[attempt]!, `${origin}/twilio/voice/transfer/whisper?${query}`),
    ),
  );
}

/** A phone number read digit by digit, in groups, as a person says it ("4 1 5, 5 5 5, 2 6 7 1"). */
export function spokenNumber(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  const groups = national.length === 10 ? [national.slice(0, 3), national.slice(3, 6), national.slice(6)] : [national];
  return groups.map((group) => group.split("").join(" ")).join(", ");
}

/** The caller's own words so far, the last few, for the briefing (at most about 240 characters). */
export function callSoFar(transcript: TranscriptEntry[]): string {
  const said = transcript.filter((entry) => entry.role === "user" && entry.content.trim()).map((entry) => entry.content.trim());
  const recent: string[] = [];
  for (const line of said.reverse()) {
    if ([...recent, line].join(" ").length > 240 && recent.length > 0) break;
    recent.unshift(line.length > 240 ? `${line.slice(0, 237)}…` : line);
  }
  return recent.join(" ");
}

export interface Briefing {
  organizationName: string;
  callerName: string;
  callerNumber: string;
  reason: string;
  transcript: TranscriptEntry[];
}

/** What the person who answers hears before the caller is joined: who, their number, what they want, the call so far. */
export function briefingText(brief: Briefing): string {
  const who = brief.callerName ? brief.callerName : "A caller";
  const reason = brief.reason.trim().replace(/[.!?\s]+$/, "");
  const soFar = callSoFar(brief.transcript);
  // The model often passes the caller's own words as the reason: said once.
  const repeated = reason.length > 0 && soFar.includes(reason);
  return [
    `Transfer from the ${brief.organizationName} receptionist.`,
    `${who}, calling from ${spokenNumber(brief.callerNumber)}.`,
    reason && !repeated ? `They want: ${reason}.` : "",
    soFar ? `On the call so far they said: ${soFar}` : "",
    "Press 1 to take the call, or hang up to decline.",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The whisper: the briefing while it listens for 1; no key means declined, and the answering side is hung up. */
export function whisperDocument(origin: string, callSid: string, attempt: number, brief: Briefing): string {
  return twiml(
    gather(
      { action: `${origin}/twilio/voice/transfer/screened?call=${callSid}&attempt=${attempt}`, numDigits: 1, timeout: ACCEPT_SECONDS },
      say(briefingText(brief)),
    ),
    say("No key was pressed, so the caller was not put through. Goodbye."),
    hangup(),
  );
}

/** After the key press: 1 joins the two (an answer with nothing left to run), anything else declines. */
export function screenedDocument(accepted: boolean): string {
  return accepted ? twiml(say("Connecting you now.")) : twiml(say("The caller was not put through. Goodbye."), hangup());
}

/** A whisper for a call this deployment knows nothing of (forgotten, or not ours): nobody is joined. */
export const unknownTransferDocument = () => twiml(say("This transfer is no longer waiting. Goodbye."), hangup());
