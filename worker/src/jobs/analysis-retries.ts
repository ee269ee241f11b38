import { and, asc, eq, lte } from "drizzle-orm";
import { calls } from "../db/schema";
import type { Services } from "../services";
import type { CallSessionRpc } from "../rpc/call-session";

/** The cron's safety net for post-call analysis: due retries whose alarm did not run are re-armed on their call. */
export async function rearmDueAnalyses(services: Services, sessions: DurableObjectNamespace<CallSessionRpc>, now = new Date(), limit = 20): Promise<number> {
  const due = await services.db
    .select({ id: calls.id, callSid: calls.callSid })
    .from(calls)
    .where(and(eq(calls.processingStatus, "pending"), lte(calls.nextAttemptAt, new Date(now.getTime() - 60_000))))
    .orderBy(asc(calls.nextAttemptAt))
    .limit(limit);
  for (const call of due) await sessions.get(sessions.idFromName(call.callSid)).reprocess(call.id);
  return due.length;
}
