/**
 * The cron's safety net for calls whose final status callback never came (Twilio gave up on it, it was lost): a call
 * still open after the longest its plan lets it last is asked of Twilio (`GET Calls/{sid}.json`, on the account that
 * holds the business's number), and when Twilio says it is over it is settled exactly as the callback would have
 * settled it (voice/settle-call.ts: status, cost, spend, overage, live event, what its CallSession still holds). The
 * call-ended record is written once, so a callback arriving after this, or a second run, charges nothing more; a call
 * Twilio still has going (a transfer to a person may outlast the agent's limit) is left for a later run.
 */
import { SETTINGS_RANGES } from "@nikki/core";
import { and, desc, eq, lte, ne, sql } from "drizzle-orm";
import { calls, organizationSettings } from "../db/schema";
import { type LogLevel, type Logger, createLogger } from "../logger";
import { type Services, withProvidersOnce } from "../services";
import { callEffectsOf } from "../test-suite/call-effects-of";
import { settleCallStatus } from "../voice/settle-call";
import type { CallSessionRpc } from "../rpc/call-session";
import { twilioCallEnd } from "./twilio-call-end";

/** Beyond the longest call the organization allows: a voicemail's recording, a goodbye, Twilio's own wrap-up. */
export const RECONCILE_MARGIN_SECONDS = 5 * 60;
/** Calls asked of Twilio per run, the most recently overdue first; the next run takes up the rest. */
export const RECONCILE_BATCH = 50;

export interface ReconcileCounts {
  /** Overdue calls asked of Twilio. */
  asked: number;
  /** Found over and settled now. */
  settled: number;
  /** Found over, but its status callback came meanwhile and settled it first. */
  alreadyEnded: number;
  /** Still going at Twilio. */
  ongoing: number;
  /** Not asked or not answered: no Twilio account holds the number, Twilio failed, or it has no such call. */
  unresolved: number;
}

type OpenCall = { callSid: string; organizationId: string; direction: "inbound" | "outbound"; fromNumber: string; toNumber: string };

/**
 * Calls whose end was never recorded (still `in-progress`) once their organization's longest call and the margin have
 * passed since they rang. A Test Suite call is left out: Twilio never carried it.
 */
function overdueCalls(services: Services, now: Date): Promise<OpenCall[]> {
  const longest = sql`coalesce(${organizationSettings.maxCallSeconds}, ${SETTINGS_RANGES.maxCallSeconds.max})`;
  return services.db
    .select({
      callSid: calls.callSid,
      organizationId: calls.organizationId,
      direction: calls.direction,
      fromNumber: calls.fromNumber,
      toNumber: calls.toNumber,
    })
    .from(calls)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, calls.organizationId))
    .where(
      and(
        eq(calls.status, "in-progress"),
        ne(calls.kind, "test"),
        // No organization allows a shorter call: the open calls' index narrows the search to these.
        lte(calls.createdAt, new Date(now.getTime() - (SETTINGS_RANGES.maxCallSeconds.min + RECONCILE_MARGIN_SECONDS) * 1000)),
        sql`${calls.createdAt} + (${longest} + ${RECONCILE_MARGIN_SECONDS}) * 1000 <= ${now.getTime()}`,
      ),
    )
    .orderBy(desc(calls.createdAt))
    .limit(RECONCILE_BATCH);
}

/** One overdue call: asked of Twilio, settled when over. Answers what came of it. */
async function reconcileOne(
  services: Services,
  sessions: DurableObjectNamespace<CallSessionRpc>,
  log: Logger,
  call: OpenCall,
): Promise<keyof Omit<ReconcileCounts, "asked">> {
  const business = call.direction === "inbound" ? call.toNumber : call.fromNumber;
  const { twilio } = await (await services.providersFor(call.organizationId)).forNumber(business);
  if (!twilio) {
    log.warn("call_reconcile_no_account", { call_sid: call.callSid, organization_id: call.organizationId });
    return "unresolved";
  }
  const record = await twilio.fetchCall(call.callSid);
  if (!record) {
    log.warn("call_reconcile_unknown", { call_sid: call.callSid, organization_id: call.organizationId });
    return "unresolved";
  }
  const end = twilioCallEnd(record, twilio.accountSid);
  if (!end) return "ongoing";
  const deps = { services, log, sessions, effectsOf: callEffectsOf };
  const { ended, after } = await settleCallStatus(deps, end.params, { accountSid: twilio.accountSid, organizationId: call.organizationId }, end.endedAt);
  await after;
  // The callback may have come meanwhile: then it settled the call, and this changed nothing.
  if (!ended) return "alreadyEnded";
  log.info("call_reconciled", { call_sid: call.callSid, status: record.status, duration_seconds: end.params.CallDuration });
  return "settled";
}

/** Every overdue open call asked of Twilio once (a batch a run), each settled when Twilio says it is over. */
export async function reconcileOpenCalls(services: Services, sessions: DurableObjectNamespace<CallSessionRpc>, now = new Date()): Promise<ReconcileCounts> {
  const log = createLogger({ component: "reconcile_calls" }, services.config.LOG_LEVEL as LogLevel);
  // Each organization's accounts are read once for all its calls in this run.
  const once = withProvidersOnce(services);
  const counts: ReconcileCounts = { asked: 0, settled: 0, alreadyEnded: 0, ongoing: 0, unresolved: 0 };
  for (const call of await overdueCalls(once, now)) {
    counts.asked++;
    const result = await reconcileOne(once, sessions, log, call).catch((error: unknown) => {
      log.warn("call_reconcile_failed", { call_sid: call.callSid, error: error instanceof Error ? error.message : String(error) });
      return "unresolved" as const;
    });
    counts[result]++;
  }
  if (counts.asked) log.info("calls_reconciled", { ...counts });
  return counts;
}
