import { SPAM_GOODBYE, isRepeatCaller } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { calls } from "../db/schema";
import { hangup, say, twiml } from "./twiml";

/**
 * Why an inbound call is spam before anything is spent on it (issue 37 §5), or null: the business blocked the number
 * (Settings › Calls), or the number rang this business more than REPEAT_CALL_LIMIT times in the last
 * REPEAT_CALL_WINDOW_MINUTES (`earlierCalls`, read with the call's context: this call's own row, when Twilio repeats
 * the webhook, is not counted).
 */
export function spamBeforeAnswer(call: { blockedNumbers: readonly string[]; from: string; earlierCalls: number }): "blocked" | "repeat_caller" | null {
  if (call.blockedNumbers.includes(call.from)) return "blocked";
  return isRepeatCaller(call.earlierCalls) ? "repeat_caller" : null;
}

/** A spam call's row: screened, with nothing to analyse (so never "Processing..."). */
export async function markSpam(db: Database, callId: string, screened: "blocked" | "repeat_caller"): Promise<void> {
  await db.update(calls).set({ screened, processingStatus: "processed", nextAttemptAt: null }).where(eq(calls.id, callId));
}

/** What a spam caller hears, in the agent's language when there are words for it, before the line is hung up: no stream, no model. */
export function spamTwiml(language: string): string {
  const words = SPAM_GOODBYE[language.split("-")[0]!.toLowerCase()] ?? SPAM_GOODBYE.en!;
  return twiml(say(words, { language }), hangup());
}
