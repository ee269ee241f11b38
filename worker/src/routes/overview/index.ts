import { type CallLatency, type OverviewResource, localDate, masksContactsFor } from "@nikki/core";
import { and, avg, count, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { planInEffect } from "../../billing/plan";
import { minutesUsedSince, periodStartOf } from "../../billing/usage";
import { inPlanMinutes, notSpam, notTestCall } from "../../db/call-outcome";
import { agents, appointments, calls, leads, subscriptions } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { access, orgCaller } from "../../middleware/access";
import { percentile } from "../../call/call-metrics";
import { organizationTimeZone } from "../../org/time-zone";
import { callColumns, serializeCall } from "../calls/list";
import { liveCallCount } from "../calls/live-list";

const DAYS = 7;
/** The turn gaps of at most this many recent calls make the period's percentiles (and the week's voice-to-voice ones). */
const GAP_SAMPLE_CALLS = 500;

/** A figure of each call's stored latency (call-metrics.ts), all calls' together; a row that does not parse gives none. */
function pooled<T>(rows: { metrics: string | null }[], read: (latency: Partial<CallLatency>) => T[] | undefined): T[] {
  return rows.flatMap((row) => {
    try {
      return read(JSON.parse(row.metrics ?? "{}") as Partial<CallLatency>) ?? [];
    } catch {
      return [];
    }
  });
}

/**
 * `GET /api/overview` (every member): the billing period's figures, the last 7 days' minutes, the 5 newest calls
 * (a silent call among them, never a spam one), and the last 7 days' response time (voice to voice, p50 and p90 of
 * every answered turn). A member's own test call is no answered or after-hours call (its minutes are used all the
 * same), and reads "Call ended" among the newest. An appointment counts as booked while it still is: one cancelled
 * since is left out, so the tile agrees with Appointments.
 */
export const overviewRoutes = new Hono<AppEnv>().get("/", access("viewer"), async (c) => {
  const { organizationId, role } = orgCaller(c);
  const db = c.var.db;
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  const since = periodStartOf(subscription);
  // Screened calls (silent, spam: core's screening.ts) are no customer's: left out of every figure.
  const real = and(eq(calls.organizationId, organizationId), ne(calls.kind, "test"), inPlanMinutes, gte(calls.createdAt, since));
  const timeZone = await organizationTimeZone(db, organizationId);
  const weekAgo = new Date(Date.now() - (DAYS + 1) * 86_400_000);
  const sevenDaysAgo = new Date(Date.now() - DAYS * 86_400_000);

  const [minutes, effect, answered, afterHours, leadCount, bookings, greeting, gapRows, weekMetrics, weekRows, recent, live] = await Promise.all([
    minutesUsedSince(db, organizationId, since),
    planInEffect(db, organizationId),
    db
      .select({ n: count() })
      .from(calls)
      .where(and(real, notTestCall, eq(calls.kind, "conversation"), eq(calls.status, "completed"))),
    db
      .select({ n: count() })
      .from(calls)
      .where(and(real, notTestCall, eq(calls.afterHours, true))),
    db
      .select({ n: count() })
      .from(leads)
      .where(and(eq(leads.organizationId, organizationId), gte(leads.createdAt, since))),
    db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.organizationId, organizationId), eq(appointments.status, "booked"), gte(appointments.createdAt, since))),
    db
      .select({ ms: avg(sql<number>`json_extract(${calls.metrics}, '$.greeting_ms')`) })
      .from(calls)
      .where(and(real, isNotNull(calls.metrics))),
    db
      .select({ metrics: calls.metrics })
      .from(calls)
      .where(and(real, isNotNull(calls.metrics)))
      .orderBy(desc(calls.createdAt))
      .limit(GAP_SAMPLE_CALLS),
    db
      .select({ metrics: calls.metrics })
      .from(calls)
      .where(and(eq(calls.organizationId, organizationId), ne(calls.kind, "test"), inPlanMinutes, gte(calls.createdAt, sevenDaysAgo), isNotNull(calls.metrics)))
      .orderBy(desc(calls.createdAt))
      .limit(GAP_SAMPLE_CALLS),
    db
      .select({ at: calls.createdAt, seconds: calls.durationSeconds })
      .from(calls)
      .where(and(eq(calls.organizationId, organizationId), ne(calls.kind, "test"), inPlanMinutes, gte(calls.createdAt, weekAgo))),
    db
      .select(callColumns)
      .from(calls)
      .leftJoin(agents, eq(agents.id, calls.agentId))
      .where(and(eq(calls.organizationId, organizationId), ne(calls.kind, "test"), notSpam))
      .orderBy(desc(calls.createdAt))
      .limit(5),
    liveCallCount(db, organizationId),
  ]);

  const gaps = pooled(gapRows, (latency) => latency.turn_gaps_ms);
  const voiceToVoice = pooled(weekMetrics, (latency) => latency.turns?.map((turn) => turn.voice_to_voice_ms));
  const days = Array.from({ length: DAYS }, (_, index) => localDate(timeZone, new Date(Date.now() - (DAYS - 1 - index) * 86_400_000)));
  const perDay = new Map(days.map((day) => [day, 0]));
  for (const row of weekRows) {
    const day = localDate(timeZone, row.at);
    if (perDay.has(day) && row.seconds) perDay.set(day, perDay.get(day)! + Math.ceil(row.seconds / 60));
  }
  const greetingMs = greeting[0]?.ms;
  const overview: OverviewResource = {
    minutes_used: minutes,
    minutes_included: effect.plan.includedMinutes,
    answered_calls: answered[0]?.n ?? 0,
    leads_captured: leadCount[0]?.n ?? 0,
    appointments_booked: bookings[0]?.n ?? 0,
    after_hours_calls: afterHours[0]?.n ?? 0,
    avg_greeting_ms: greetingMs === null || greetingMs === undefined ? null : Math.round(Number(greetingMs)),
    turn_gap_p50_ms: percentile(gaps, 0.5),
    turn_gap_p95_ms: percentile(gaps, 0.95),
    voice_to_voice_p50_ms: percentile(voiceToVoice, 0.5),
    voice_to_voice_p90_ms: percentile(voiceToVoice, 0.9),
    daily_minutes: days.map((date) => ({ date, minutes: perDay.get(date) ?? 0 })),
    recent_calls: recent.map((row) => serializeCall(row, { masksContacts: masksContactsFor(role) })),
    live_calls: live,
  };
  return c.json({ overview });
});
