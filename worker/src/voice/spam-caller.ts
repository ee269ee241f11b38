import { REPEAT_CALL_WINDOW_MINUTES, SPAM_GOODBYE, isRepeatCaller } from "@nikki/core";
import { and, count, eq, gte, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { calls } from "../db/schema";
import { hangup, say, twiml } from "./twiml";

/**
 * Why an inbound call is spam before anything is spent on it (issue 37 §5), or null: the business blocked the number
 * (Settings › Calls), or the number rang this business more than REPEAT_CALL_LIMIT times in the last
 * REPEAT_CALL_WINDOW_MINUTES (this call's own row, when Twilio repeats the webhook, is not counted).
 */
export async function spamBeforeAnswer(
  db: Database,
  call: { organizationId: string; blockedNumbers: readonly string[]; from: string; callSid: string },
  now = new Date(),
): Promise<"blocked" | "repeat_caller" | null> {
  if (call.blockedNumbers.includes(call.from)) return "blocked";
  const since = new Date(now.getTime() - REPEAT_CALL_WINDOW_MINUTES * 60_000);
  const [earlier] = await db
    .select({ n: count() })
    .from(calls)
    .where(and(eq(calls.organizationId, call.organizationId), eq(calls.fromNumber, call.from), gte(calls.createdAt, since), ne(calls.callSid, call.callSid)));
  return isRepeatCaller(earlier?.n ?? 0) ? "repeat_caller" : null;
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
