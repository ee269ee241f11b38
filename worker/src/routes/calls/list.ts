/**
 * The call list's query: the organization's calls newest first, 50 a page (a cursor of created_at and id), every
 * filter applied in SQL, the outcome computed by the same rule as core's callOutcome().
 */
import { type CallListQuery, type CallOutcome, type CallResource, addDays, maskedCallParties, zonedInstant } from "@nikki/core";
import { type SQL, and, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { outcomeSql } from "../../db/call-outcome";
import { containsText } from "../../db/contains-text";
import { previousCallsSql } from "../../db/previous-calls";
import { agents, calls } from "../../db/schema";
import { afterCursor, encodeCursor } from "../../db/cursor";

export const CALLS_PAGE = 50;

export const callColumns = {
  call: calls,
  agentName: agents.name,
  outcome: outcomeSql,
  previousCalls: previousCallsSql,
};

/** One call of a list; `masksContacts`: the reader is a viewer, who reads the caller's number masked (contact-details.ts). */
export function serializeCall(
  row: { call: typeof calls.$inferSelect; agentName: string | null; outcome: CallOutcome; previousCalls: number },
  { masksContacts }: { masksContacts: boolean },
): CallResource {
  const { call } = row;
  const resource: CallResource = {
    id: call.id,
    call_sid: call.callSid,
    from_number: call.fromNumber,
    to_number: call.toNumber,
    agent_id: call.agentId,
    agent_name: row.agentName,
    duration_seconds: call.durationSeconds,
    status: call.status,
    kind: call.kind,
    after_hours: call.afterHours,
    simulated_at: call.simulatedAt?.toISOString() ?? null,
    outcome: row.outcome,
    answered_by: call.answeredBy,
    placed_for: call.placedFor,
    processing_status: call.processingStatus,
    sentiment: call.sentiment,
    caller: { returning: row.previousCalls > 0, previous_calls: row.previousCalls },
    created_at: call.createdAt.toISOString(),
  };
  return masksContacts ? maskedCallParties(resource, call.direction === "inbound") : resource;
}

/** Midnight of an ISO date in a time zone, as an instant (core's zoned time, daylight saving included). */
export const zonedMidnight = (isoDate: string, timeZone: string): Date => zonedInstant(timeZone, isoDate, 0);

export async function listCalls(
  db: Database,
  organizationId: string,
  query: CallListQuery,
  timeZone: string,
  reader: { masksContacts: boolean },
): Promise<{ calls: CallResource[]; next_cursor: string | null }> {
  const where: (SQL | undefined)[] = [eq(calls.organizationId, organizationId)];
  if (query.status && query.status !== "all") where.push(eq(calls.status, query.status));
  if (query.kind) where.push(eq(calls.kind, query.kind));
  if (query.after_hours) where.push(eq(calls.afterHours, query.after_hours === "true"));
  if (query.outcome) where.push(sql`${outcomeSql} = ${query.outcome}`);
  if (query.agent_id) where.push(eq(calls.agentId, query.agent_id));
  if (query.date_from) where.push(gte(calls.createdAt, zonedMidnight(query.date_from, timeZone)));
  if (query.date_to) where.push(lt(calls.createdAt, zonedMidnight(addDays(query.date_to, 1), timeZone)));
  if (query.q) {
    const q = query.q;
    const name = sql`json_extract(${calls.entities}, '$.name')`;
    where.push(or(...[calls.fromNumber, calls.toNumber, name].map((column) => containsText(column, q))));
  }
  if (query.cursor) where.push(afterCursor(query.cursor, { createdAt: calls.createdAt, id: calls.id }));
  const rows = await db
    .select(callColumns)
    .from(calls)
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .where(and(...where))
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(CALLS_PAGE + 1);
  const page = rows.slice(0, CALLS_PAGE);
  const last = page.at(-1);
  return { calls: page.map((row) => serializeCall(row, reader)), next_cursor: rows.length > CALLS_PAGE && last ? encodeCursor(last.call) : null };
}
