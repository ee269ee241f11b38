/**
 * Item 19 (issue 35 §4): 50 simulated calls book at once into a day with exactly 10 free times. Each call goes the
 * whole way (webhook, bridge, the model's check_availability then book_appointment, taking the next time offered when
 * one was just taken); the database must end with exactly 10 bookings and no two overlapping.
 */
import { addDays, localParts, weekdayOf } from "@nikki/core";
import { DEMO } from "../../worker/src/db/seed";
import { rampCalls } from "../bench/ramped-calls";
import type { Context, Outcome, ReliabilityItem } from "./context";

const CALLS = 50;
const SLOTS = 10;

/** The demo agent opens only tomorrow, 07:00 to 12:00, on a half-hour grid: ten 30-minute times, all morning. */
async function tenSlotsTomorrow(db: D1Database) {
  const agent = await db.prepare("select business_hours_tz from agents where id = ?").bind(DEMO.agentId).first<string>("business_hours_tz");
  const tomorrow = addDays(localParts(agent!, new Date()).date, 1);
  await db
    .prepare("update agents set hours_json = ? where id = ?")
    .bind(JSON.stringify({ [weekdayOf(tomorrow)]: [{ open: "07:00", close: "12:00" }] }), DEMO.agentId)
    .run();
  // All 50 calls at once would pass the trial's daily spending limit, and the last ones would go to voicemail.
  await db
    .prepare(
      "update organization_settings set booking_slot_step_minutes = 30, booking_horizon_days = 1, booking_min_notice_minutes = 0, closed_dates = '[]', daily_spend_cap_usd = 10000 where organization_id = ?",
    )
    .bind(DEMO.organizationId)
    .run();
  await db.prepare("update services set duration_minutes = 30, buffer_minutes = 0 where organization_id = ?").bind(DEMO.organizationId).run();
  await db.prepare("delete from appointments where organization_id = ?").bind(DEMO.organizationId).run();
}

export const bookingRace: ReliabilityItem = {
  number: "19",
  name: "booking_race",
  server: true,
  async run({ base, db }: Context): Promise<Outcome> {
    await tenSlotsTomorrow(db);
    const failures: string[] = [];
    const reports = await rampCalls({
      base,
      calls: CALLS,
      rampMs: 500,
      firstTag: 1900,
      // Each caller stays on the line for 15 s, as one waiting for the time read back does: hanging up a second after the
      // first words it heard, a caller left while its booking was still being made, and ten free times kept nine bookings.
      minDurationMs: 15_000,
      answerTimeoutMs: 30_000,
      failures,
    });
    const booked = (await db
      .prepare("select count(*) as n from appointments where organization_id = ? and status = 'booked'")
      .bind(DEMO.organizationId)
      .first<{ n: number }>())!.n;
    const double = (await db
      .prepare(
        `select count(*) as n from appointments a join appointments b on a.organization_id = b.organization_id and a.id < b.id
           where a.organization_id = ? and a.status = 'booked' and b.status = 'booked' and a.start_at < b.busy_until and b.start_at < a.busy_until`,
      )
      .bind(DEMO.organizationId)
      .first<{ n: number }>())!.n;
    const answered = reports.filter((report) => !report.voicemail && report.mediaReceived > 0).length;
    if (booked !== SLOTS) failures.push(`${booked} bookings held, not ${SLOTS}`);
    if (double !== 0) failures.push(`${double} overlapping pairs`);
    if (answered !== CALLS) failures.push(`${CALLS - answered} calls got no answer`);
    return { figures: `calls=${CALLS} answered=${answered} slots=${SLOTS} booked=${booked} double=${double}`, failures };
  },
};
