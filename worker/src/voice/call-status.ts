import { callCostMicroUsd } from "@nikki/core";
import { type SpendLimits, spendLimitsOf } from "../billing/spend";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { OverageSubscription } from "../billing/usage";
import { type CallEffectsOf, callOfRow } from "../call-effects/call-effects";
import { placeholders, preparedQuery } from "../db/prepared";
import { dashboardsOpen, liveDashboardsOfCall } from "../durable/live-dashboards";
import { calls, organizationSettings, organizations, subscriptions } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import type { SigningAccount } from "./call-context";

/**
 * A call by its sid; a business's own account reaches only its organization's calls (a null `organizationId`, the
 * platform's account, reaches any).
 */
const callOf = () =>
  and(eq(calls.callSid, sql.placeholder("callSid")), sql`${calls.organizationId} = coalesce(${sql.placeholder("organizationId")}, ${calls.organizationId})`);

const recordingQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set(placeholders("recordingUrl"))
    .where(callOf())
    .returning({ id: calls.id, organizationId: calls.organizationId, liveDashboards: liveDashboardsOfCall() })
    .prepare(),
);

const voicemailQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set({ kind: "voicemail", ...placeholders("recordingUrl") })
    .where(callOf())
    .returning({ id: calls.id, organizationId: calls.organizationId })
    .prepare(),
);

/**
 * A conversation whose stream never claimed its plan (answered-plan.ts): the caller left while it connected, or it never
 * connected. Nothing reached a Durable Object or the media plane, and nothing is left to analyse.
 */
const neverStreamed = sql`(${calls.kind} = 'conversation' and ${calls.callPlan} is not null)`;

/**
 * The call-ended record, once: a repeated callback finds the duration already written. A call the AI never took is
 * settled in the same statement: skipped (nothing to process) rather than left "Processing..." for good, abandoned
 * when Twilio saw it through (a call that never connected keeps Twilio's status: no answer, busy), and charged its
 * telephony alone.
 */
const endedQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set({
      ...placeholders("durationSeconds", "endedAt"),
      status: sql`case when ${neverStreamed} and ${sql.placeholder("status")} = 'completed' then 'abandoned' else ${sql.placeholder("status")} end`,
      // A screened call (silent, spam) is charged its telephony alone, as a voicemail is.
      costMicroUsd: sql`case when ${calls.kind} = 'test' then ${calls.costMicroUsd} when ${calls.kind} = 'conversation' and ${calls.screened} is null and not ${neverStreamed} then ${sql.placeholder("conversationCost")} else ${sql.placeholder("otherCost")} end`,
      processingStatus: sql`case when ${neverStreamed} then 'skipped' else ${calls.processingStatus} end`,
      // No stream can come now: the plan (the caller's number, the instructions) is not kept.
      callPlan: null,
    })
    .where(and(callOf(), isNull(calls.durationSeconds)))
    .returning({
      id: calls.id,
      organizationId: calls.organizationId,
      durationSeconds: calls.durationSeconds,
      kind: calls.kind,
      direction: calls.direction,
      fromNumber: calls.fromNumber,
      toNumber: calls.toNumber,
      costMicroUsd: calls.costMicroUsd,
      screened: calls.screened,
      // Returned as written: the plan is cleared, so the test is whether the call ended as one the AI never took.
      neverStreamed: sql<number>`${calls.processingStatus} = 'skipped' and ${calls.kind} = 'conversation' and ${calls.transcript} is null and ${calls.screened} is null`,
      // No end kept yet: a stream whose end is still on its way, or one that ended for a transfer (its words kept, the call went on).
      unstreamed: sql<number>`(${calls.transcript} is null or (${calls.processingStatus} = 'pending' and ${calls.nextAttemptAt} is null)) and ${calls.screened} is null`,
      // What charging the call and reporting its overage need of the organization, read in the same round trip.
      trialEndsAt: sql<number | null>`(select "o"."trial_ends_at" from ${organizations} "o" where "o"."id" = "calls"."organization_id")`,
      capUsd: sql<number | null>`(select "s"."daily_spend_cap_usd" from ${organizationSettings} "s" where "s"."organization_id" = "calls"."organization_id")`,
      subscription: sql<
        string | null
      >`(select json_object('planSlug', "b"."plan_slug", 'status', "b"."status", 'stripeCustomerId', "b"."stripe_customer_id", 'currentPeriodStart', "b"."current_period_start") from ${subscriptions} "b" where "b"."organization_id" = "calls"."organization_id")`,
      liveDashboards: liveDashboardsOfCall(),
    })
    .prepare(),
);

const neverStreamedQuery = preparedQuery((db) =>
  db
    .update(calls)
    // A call Twilio saw through that the AI never took: the caller left while it connected (abandoned); a call that
    // never connected keeps Twilio's status (no answer, busy).
    .set({
      processingStatus: "skipped",
      status: sql`case when ${calls.status} = 'completed' then 'abandoned' else ${calls.status} end`,
      costMicroUsd: sql`case when ${calls.durationSeconds} then ${sql.placeholder("costMicroUsd")} else ${calls.costMicroUsd} end`,
    })
    .where(and(eq(calls.callSid, sql.placeholder("callSid")), eq(calls.kind, "conversation"), isNull(calls.transcript), eq(calls.processingStatus, "pending")))
    .returning({ id: calls.id, organizationId: calls.organizationId, liveDashboards: liveDashboardsOfCall() })
    .prepare(),
);

export const FINAL_STATUSES = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

/** A voicemail Twilio recorded: the call is kept as a voicemail with its recording. */
export async function recordVoicemail(services: Services, log: Logger, params: Record<string, string>, account: SigningAccount): Promise<void> {
  if (!params.CallSid || !params.RecordingUrl) return;
  const [call] = await voicemailQuery(services.db).all({ callSid: params.CallSid, organizationId: account.organizationId, recordingUrl: params.RecordingUrl });
  if (call) await services.publishCall(call.organizationId, { id: call.id });
  log.info("voicemail_recorded", { call_sid: params.CallSid, recording_url: params.RecordingUrl });
}

/** A call's end as the status callback recorded it. */
export interface EndedCall extends Pick<typeof calls.$inferSelect, "direction" | "fromNumber" | "toNumber"> {
  id: string;
  callSid: string;
  organizationId: string;
  kind: "conversation" | "voicemail" | "test";
  durationSeconds: number | null;
  costMicroUsd: number | null;
  screened: string | null;
  /** The dashboards open on the organization's live channel (durable/live-dashboards.ts). */
  liveDashboards: number | null;
  /** What it costs if the AI never took it: its telephony alone. */
  neverTakenCostMicroUsd: number;
  limits: SpendLimits;
  subscription: OverageSubscription | null;
}

type EndedRow = Omit<EndedCall, "callSid" | "organizationId" | "neverTakenCostMicroUsd" | "limits" | "subscription"> & {
  organizationId: string;
  trialEndsAt: number | null;
  capUsd: number | null;
  subscription: string | null;
};

/** The call's end with the organization's limits and subscription, as the ended query returned them. */
function endedCallOf(row: EndedRow, callSid: string, neverTakenCostMicroUsd: number): EndedCall {
  const { trialEndsAt, capUsd, subscription: stored, ...call } = row;
  const parsed = stored ? (JSON.parse(stored) as Omit<OverageSubscription, "currentPeriodStart"> & { currentPeriodStart: number | null }) : null;
  const subscription = parsed ? { ...parsed, currentPeriodStart: parsed.currentPeriodStart === null ? null : new Date(parsed.currentPeriodStart) } : null;
  const limits = spendLimitsOf(trialEndsAt === null ? null : new Date(trialEndsAt), subscription, capUsd);
  return { ...call, callSid, neverTakenCostMicroUsd, limits, subscription };
}

/** What a status callback leaves to run after Twilio's answer. */
export interface CallEnded {
  /** Minutes beyond the plan reported to the Stripe meter (a failure there never fails Twilio). */
  overage: Promise<unknown> | null;
  /**
   * A conversation whose end was never kept: its CallSession may hold a setup for a stream that never came, or the
   * words said before a transfer, to be analysed now. Its dashboards are told and its spend charged once the session
   * has said whether the AI ever took it (settleEnded), so each is done once, with the right cost.
   */
  unstreamed: EndedCall | null;
}

/**
 * Twilio's status callback: the recording when one is ready; at a final status the call-ended record (once: a
 * repeated callback finds the call already ended and changes nothing), and what is left to run after the answer.
 * `endedAt`: when Twilio says the call ended, when that is known (a call settled from Twilio's record of it); else now.
 */
export async function recordCallStatus(
  services: Services,
  log: Logger,
  params: Record<string, string>,
  account: SigningAccount,
  effectsOf: CallEffectsOf,
  endedAt = new Date(),
): Promise<CallEnded | null> {
  const { db } = services;
  const callSid = params.CallSid;
  if (!callSid) return null;
  const call = { callSid, organizationId: account.organizationId };
  if (params.RecordingUrl) {
    const [recorded] = await recordingQuery(db).all({ ...call, recordingUrl: params.RecordingUrl });
    if (recorded?.organizationId && dashboardsOpen(recorded.liveDashboards)) await services.publishCall(recorded.organizationId, { id: recorded.id });
  }
  const status = params.CallStatus;
  if (!status || !FINAL_STATUSES.has(status)) return null;
  const parsed = Number.parseInt(params.CallDuration ?? "", 10);
  // A final status without a duration (a call that never connected) lasted nothing: the end is recorded all the same.
  const duration = Number.isFinite(parsed) ? parsed : 0;
  // The call's real cost is written with its end (nothing for a call nobody answered; a Test Suite call's row keeps none:
  // its effects charge its model's minutes alone).
  const cost = (withModel: boolean) => (duration ? callCostMicroUsd(duration, withModel) : 0);
  const [ended] = await endedQuery(db).all({
    ...call,
    status,
    durationSeconds: duration,
    endedAt,
    conversationCost: cost(true),
    otherCost: cost(false),
  });
  log.info("call_status", { call_sid: callSid, status, duration_seconds: duration });
  if (!ended?.organizationId) return null;
  const { unstreamed, neverStreamed: never, ...rest } = ended;
  const endedCall = endedCallOf({ ...rest, organizationId: ended.organizationId }, callSid, cost(false));
  if (never) {
    // No Durable Object ever heard of it: nothing else to ask.
    if (dashboardsOpen(endedCall.liveDashboards)) await services.publishCall(endedCall.organizationId, { id: endedCall.id, processing_status: "skipped" });
    return { ...(await settleEnded(services, log, endedCall, true, effectsOf)), unstreamed: null };
  }
  if (ended.kind === "conversation" && unstreamed) return { overage: null, unstreamed: endedCall };
  return { ...(await settleEnded(services, log, endedCall, false, effectsOf)), unstreamed: null };
}

/**
 * The rest of a call's end: its open dashboards told (unless recording it as never taken did), then its charge, the
 * call's effect: the cost replacing the share of today's spend the call held (its telephony alone when the AI never
 * took it), and the minutes beyond the plan of a call the AI took, left running (the limits and subscription as the
 * call's end read them).
 */
export async function settleEnded(
  services: Services,
  log: Logger,
  ended: EndedCall,
  neverTaken: boolean,
  effectsOf: CallEffectsOf,
): Promise<{ overage: Promise<unknown> | null }> {
  if (!neverTaken && dashboardsOpen(ended.liveDashboards)) await services.publishCall(ended.organizationId, { id: ended.id });
  return effectsOf(callOfRow(ended), { services, log }).charge({ ...ended, neverTaken });
}

/**
 * A conversation whose stream never started (the caller hung up while it connected, its ticket was refused, an
 * outbound call nobody answered), as its CallSession knows once Twilio reports it over: nothing to analyse, so it is
 * marked skipped rather than left "Processing..." for good (and abandoned, when Twilio saw it through);
 * and the AI never took it, so it costs its telephony alone (`costMicroUsd`), written in the same statement. Open
 * dashboards are told. Answers whether the call was recorded so (the status callback then charges that cost:
 * settleEnded).
 */
export async function recordNeverStreamed(services: Services, callSid: string, costMicroUsd: number): Promise<boolean> {
  const [call] = await neverStreamedQuery(services.db).all({ callSid, costMicroUsd });
  if (!call) return false;
  if (dashboardsOpen(call.liveDashboards)) await services.publishCall(call.organizationId, { id: call.id, processing_status: "skipped" });
  return true;
}
