import { type ScreenedAs, callCostMicroUsd } from "@nikki/core";
import { and, eq, isNotNull } from "drizzle-orm";
import { correctSpend } from "../billing/spend";
import type { CallEnd, CallEndReason } from "../call/plan";
import { calls } from "../db/schema";
import type { Services } from "../services";

/** The ends the media plane screened (call/call-screen.ts), as stored: silent, or a robocall talking over the greeting. */
export const screenedEnd = (reason: CallEndReason): ScreenedAs | null => (reason === "silent" || reason === "talk_over" ? reason : null);

/**
 * A screened call's end (issue 37 §5): its transcript and figures kept, marked screened and processed, so it is never
 * analysed, alerted or followed up; and, as the AI took no customer's call, it costs its telephony alone. Written
 * before Twilio is told to hang up, so the status callback that follows charges telephony alone too; when that
 * callback came first (the caller hung up at the same moment), the cost it wrote is corrected here.
 */
export async function recordScreenedEnd(
  services: Services,
  call: { callId: string; callSid: string; organizationId: string },
  end: CallEnd,
  screened: ScreenedAs,
) {
  const { db } = services;
  await db
    .update(calls)
    .set({
      screened,
      transcript: JSON.stringify(end.transcript),
      metrics: end.metrics ? JSON.stringify(end.metrics) : null,
      endedAt: new Date(),
      processingStatus: "processed",
      nextAttemptAt: null,
    })
    .where(eq(calls.id, call.callId));
  const [ended] = await db
    .select({ durationSeconds: calls.durationSeconds })
    .from(calls)
    .where(and(eq(calls.id, call.callId), isNotNull(calls.durationSeconds)));
  if (!ended?.durationSeconds) return;
  const cost = callCostMicroUsd(ended.durationSeconds, false);
  await db.update(calls).set({ costMicroUsd: cost }).where(eq(calls.id, call.callId));
  await correctSpend(services, call.organizationId, call.callSid, cost);
}
