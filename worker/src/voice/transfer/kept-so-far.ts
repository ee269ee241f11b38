/**
 * What was said before a transfer, kept on the call when the agent's stream ended for it (the call itself goes on):
 * the briefing reads it, and the call's end (the agent again, or Twilio reporting the call over) starts from it.
 */
import { eq } from "drizzle-orm";
import type { CallEnd } from "../../call/plan";
import type { Database } from "../../db/client";
import { calls } from "../../db/schema";

export async function keptSoFar(db: Database, callId: string, end: CallEnd): Promise<void> {
  await db
    .update(calls)
    .set({ transcript: JSON.stringify(end.transcript), metrics: end.metrics ? JSON.stringify(end.metrics) : null })
    .where(eq(calls.id, callId));
}

export async function storedSoFar(db: Database, callId: string): Promise<Pick<CallEnd, "transcript" | "metrics">> {
  const [row] = await db.select({ transcript: calls.transcript, metrics: calls.metrics }).from(calls).where(eq(calls.id, callId)).limit(1);
  const parse = <T>(text: string | null | undefined, empty: T): T => {
    try {
      return text ? (JSON.parse(text) as T) : empty;
    } catch {
      return empty;
    }
  };
  return { transcript: parse(row?.transcript, []), metrics: parse(row?.metrics, null) };
}
