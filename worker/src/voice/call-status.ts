import { callCostMicroUsd } from "@nikki/core";
import { chargeSpend } from "../billing/spend";
import { and, eq, isNull, sql } from "drizzle-orm";
import { reportOverage } from "../billing/usage";
import { calls } from "../db/schema";
import type { Logger } from "../http/logger";
import type { Services } from "../services";
import type { SigningAccount } from "./call-context";

/** A call by its sid; a business's own account reaches only its organization's calls. */
const callOf = (callSid: string, account: SigningAccount) =>
  account.organizationId ? and(eq(calls.callSid, callSid), eq(calls.organizationId, account.organizationId)) : eq(calls.callSid, callSid);

const FINAL_STATUSES = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

/** A voicemail Twilio recorded: the call is kept as a voicemail with its recording. */
export async function recordVoicemail(services: Services, log: Logger, params: Record<string, string>, account: SigningAccount): Promise<void> {
  if (!params.CallSid || !params.RecordingUrl) return;
  const [call] = await services.db
    .update(calls)
    .set({ kind: "voicemail", recordingUrl: params.RecordingUrl })
    .where(callOf(params.CallSid, account))
    .returning({ id: calls.id, organizationId: calls.organizationId });
  if (call) await services.publishCall(call.organizationId, { id: call.id });
  log.info("voicemail_recorded", { call_sid: params.CallSid, recording_url: params.RecordingUrl });
}

/** What a status callback leaves to run after Twilio's answer. */
export interface CallEnded {
  /** Minutes beyond the plan reported to the Stripe meter (a failure there never fails Twilio). */
  overage: Promise<unknown> | null;
  /** A conversation whose transcript was never written: its CallSession may hold a setup for a stream that never came. */
  unstreamed: boolean;
}

/**
 * Twilio's status callback: the recording when one is ready; at a final status the call-ended record (once: a
 * repeated callback finds the call already ended and changes nothing), and what is left to run after the answer.
 */
export async function recordCallStatus(services: Services, log: Logger, params: Record<string, string>, account: SigningAccount): Promise<CallEnded | null> {
  const { db } = services;
  const callSid = params.CallSid;
  if (!callSid) return null;
  if (params.RecordingUrl) {
    const [recorded] = await db
      .update(calls)
      .set({ recordingUrl: params.RecordingUrl })
      .where(callOf(callSid, account))
      .returning({ id: calls.id, organizationId: calls.organizationId });
    if (recorded?.organizationId) await services.publishCall(recorded.organizationId, { id: recorded.id });
  }
  const status = params.CallStatus;
  if (!status || !FINAL_STATUSES.has(status)) return null;
  const parsed = Number.parseInt(params.CallDuration ?? "", 10);
  const duration = Number.isFinite(parsed) ? parsed : null;
  const [ended] = await db
    .update(calls)
    .set({ status: status as "completed", durationSeconds: duration, endedAt: new Date() })
    .where(and(callOf(callSid, account), isNull(calls.durationSeconds)))
    .returning({
      id: calls.id,
      organizationId: calls.organizationId,
      durationSeconds: calls.durationSeconds,
      kind: calls.kind,
      unstreamed: sql<number>`${calls.transcript} is null`,
    });
  log.info("call_status", { call_sid: callSid, status, duration_seconds: duration });
  if (!ended?.organizationId) return null;
  await services.publishCall(ended.organizationId, { id: ended.id });
  const unstreamed = ended.kind === "conversation" && Boolean(ended.unstreamed);
  // A Test Suite call is never billed: no spend, no minutes.
  if (ended.kind === "test") return { overage: null, unstreamed };
  // The call's real cost replaces the share of today's spend it held (nothing for a call nobody answered).
  const cost = duration ? callCostMicroUsd(duration, ended.kind === "conversation") : 0;
  await db.update(calls).set({ costMicroUsd: cost }).where(eq(calls.id, ended.id));
  await chargeSpend(services, log, ended.organizationId, callSid, cost).catch((error: unknown) =>
    log.warn("spend_charge_failed", { call_id: ended.id, error: error instanceof Error ? error.message : String(error) }),
  );
  const deps = { db, stripe: services.stripe, config: services.config, log };
  const overage = reportOverage(deps, { ...ended, organizationId: ended.organizationId }).catch((error: unknown) =>
    log.warn("overage_report_failed", { call_id: ended.id, error: error instanceof Error ? error.message : String(error) }),
  );
  return { overage, unstreamed };
}
