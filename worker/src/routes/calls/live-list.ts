/**
 * The calls in progress (issue 56 §1): the Calls page's "Live now" and Overview's count. A call is live from the voice
 * webhook until its end is kept (`ended_at`) or Twilio reports it over; screened calls and the Test Suite's are not a
 * business's callers, and a call older than the longest any business allows (plus a margin) is one whose end was lost.
 */
import { type LiveCallResource, type LiveCallState, SETTINGS_RANGES, isPiiMarker } from "@nikki/core";
import { type SQL, and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { previousCallsSql } from "../../db/previous-calls";
import { agents, callerMemoryOptOuts, calls } from "../../db/schema";

/** Beyond the longest call a business may allow: a transfer put through talks on after the agent's limit. */
const LIVE_FOR_MS = (SETTINGS_RANGES.maxCallSeconds.max + 30 * 60) * 1000;

export function liveCallsWhere(organizationId: string, now = Date.now()): SQL {
  return and(
    eq(calls.organizationId, organizationId),
    eq(calls.status, "in-progress"),
    isNull(calls.endedAt),
    isNull(calls.screened),
    eq(calls.kind, "conversation"),
    gte(calls.createdAt, new Date(now - LIVE_FOR_MS)),
  )!;
}

/**
 * The caller's name from their latest earlier call that found it, unless they asked the business to forget them. The
 * outer call's columns are written out (see previous-calls.ts).
 */
const callerNameSql = sql<string | null>`case when not exists (
  select 1 from ${callerMemoryOptOuts} "o" where "o"."organization_id" = "calls"."organization_id" and "o"."phone" = "calls"."from_number"
) then (
  select json_extract("earlier"."entities", '$.name') from ${calls} "earlier"
  where "earlier"."organization_id" = "calls"."organization_id" and "earlier"."from_number" = "calls"."from_number"
    and "earlier"."created_at" < "calls"."created_at" and "earlier"."direction" = 'inbound' and "earlier"."kind" = 'conversation'
    and json_extract("earlier"."entities", '$.name') is not null
  order by "earlier"."created_at" desc limit 1
) end`;

/** Where a live call is, from its row: answering while its plan waits for the stream, else talking unless a transfer says otherwise. */
export const liveStateOf = (call: { callPlan: string | null; liveState: "ringing" | "connected" | null }): LiveCallState =>
  call.callPlan !== null ? "answering" : (call.liveState ?? "talking");

export async function liveCalls(db: Database, organizationId: string): Promise<LiveCallResource[]> {
  const rows = await db
    .select({
      id: calls.id,
      callSid: calls.callSid,
      fromNumber: calls.fromNumber,
      agentId: calls.agentId,
      agentName: agents.name,
      createdAt: calls.createdAt,
      callPlan: calls.callPlan,
      liveState: calls.liveState,
      liveWith: calls.liveWith,
      previousCalls: previousCallsSql,
      callerName: callerNameSql,
    })
    .from(calls)
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .where(liveCallsWhere(organizationId))
    .orderBy(desc(calls.createdAt))
    .limit(50);
  return rows.map((row) => {
    const state = liveStateOf(row);
    return {
      id: row.id,
      call_sid: row.callSid,
      from_number: row.fromNumber,
      caller: {
        name: row.callerName && !isPiiMarker(row.callerName) ? row.callerName : null,
        returning: row.previousCalls > 0,
        previous_calls: row.previousCalls,
      },
      agent_id: row.agentId,
      agent_name: row.agentName,
      started_at: row.createdAt.toISOString(),
      state,
      with: state === "ringing" || state === "connected" ? row.liveWith : null,
    };
  });
}

export async function liveCallCount(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(calls).where(liveCallsWhere(organizationId));
  return row?.n ?? 0;
}
