import { and, asc, eq, lte } from "drizzle-orm";
import { calls } from "../db/schema";
import { type Bindings, readConfig } from "../env";
import { liveServices } from "../services";

/** The cron's safety net for post-call analysis: due retries whose alarm did not run are re-armed on their call. */
export async function rearmDueAnalyses(bindings: Bindings, now = new Date(), limit = 20): Promise<number> {
  const db = liveServices.database(bindings, readConfig(bindings));
  const due = await db
    .select({ id: calls.id, callSid: calls.callSid })
    .from(calls)
    .where(and(eq(calls.processingStatus, "pending"), lte(calls.nextAttemptAt, new Date(now.getTime() - 60_000))))
    .orderBy(asc(calls.nextAttemptAt))
    .limit(limit);
  for (const call of due) await bindings.CALL_SESSION.get(bindings.CALL_SESSION.idFromName(call.callSid)).reprocess(call.id);
  return due.length;
}
