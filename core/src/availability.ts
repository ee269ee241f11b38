/**
 * Availability, computed once (issue 35 §2): the free slots of a service from an agent's opening hours in the
 * business's time zone (daylight saving included), the service's duration and buffer, the booking settings (notice,
 * horizon, step, closed dates), the bookings already held and the busy blocks of a connected calendar. Pure: the
 * worker gathers the inputs, this decides.
 *
 * A slot's appointment runs `duration` and must end by closing time; its buffer follows it and must not overlap a
 * held booking or a busy block, though it may run past closing.
 */
import type { OpeningHours } from "./hours";
import { addDays, localParts, weekdayOf, zonedInstant } from "./zoned-time";

export interface Interval {
  start: Date;
  end: Date;
}

export interface AvailabilityInput {
  hours: OpeningHours;
  timeZone: string;
  durationMinutes: number;
  bufferMinutes: number;
  stepMinutes: number;
  /** How long before a slot it may still be booked (0 for the business itself). */
  minNoticeMinutes: number;
  /** The last bookable local date is today's plus this many days. */
  horizonDays: number;
  /** Local dates (YYYY-MM-DD) the business is closed. */
  closedDates: readonly string[];
  /** Bookings already held: each from its start to the end of its buffer. */
  held: readonly Interval[];
  /** Busy blocks of the business's connected calendar. */
  busy: readonly Interval[];
  now: Date;
}

/** Why a time cannot be booked (null: it can). */
export type SlotProblem = "past" | "notice" | "horizon" | "closed_date" | "outside_hours" | "taken";

const MINUTE_MS = 60_000;
const TIME = /^(\d{2}):(\d{2})$/;
const minutesOf = (time: string) => {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
};
/** "23:59", the latest a time field can say, closes at midnight (as hours.ts reads it). */
const closingMinutes = (time: string) => (time === "23:59" ? 1440 : minutesOf(time));

const overlaps = (a: Interval, b: Interval) => a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** The latest local date a booking may fall on. */
export function horizonDate(input: Pick<AvailabilityInput, "timeZone" | "now" | "horizonDays">): string {
  return addDays(localParts(input.timeZone, input.now).date, input.horizonDays);
}

/**
 * Every start the opening hours allow on a local date, stepped from each span's opening (in absolute time, so a span
 * that crosses a daylight-saving change keeps its real length), whose appointment ends by closing time.
 */
export function candidateStarts(input: Pick<AvailabilityInput, "hours" | "timeZone" | "durationMinutes" | "stepMinutes">, date: string): Date[] {
  const weekday = weekdayOf(date);
  const starts: Date[] = [];
  const step = Math.max(1, input.stepMinutes) * MINUTE_MS;
  const duration = input.durationMinutes * MINUTE_MS;
  for (const span of input.hours[weekday] ?? []) {
    const [open, close] = [minutesOf(span.open), closingMinutes(span.close)];
    if (!(open < close)) continue;
    const opensAt = zonedInstant(input.timeZone, date, open).getTime();
    const closesAt = zonedInstant(input.timeZone, date, close).getTime();
    for (let start = opensAt; start + duration <= closesAt; start += step) starts.push(new Date(start));
  }
  return starts.sort((a, b) => a.getTime() - b.getTime());
}

/** The time a booking at `start` holds: its duration and then its buffer. */
export function heldInterval(start: Date, durationMinutes: number, bufferMinutes: number): Interval {
  return { start, end: new Date(start.getTime() + (durationMinutes + bufferMinutes) * MINUTE_MS) };
}

/** Why `start` cannot be booked, checked in the order a caller should hear it; null when it is free. */
export function slotProblem(input: AvailabilityInput, start: Date): SlotProblem | null {
  if (start.getTime() <= input.now.getTime()) return "past";
  if (start.getTime() < input.now.getTime() + input.minNoticeMinutes * MINUTE_MS) return "notice";
  const { date } = localParts(input.timeZone, start);
  if (date > horizonDate(input)) return "horizon";
  if (input.closedDates.includes(date)) return "closed_date";
  if (!candidateStarts(input, date).some((candidate) => candidate.getTime() === start.getTime())) return "outside_hours";
  const holds = heldInterval(start, input.durationMinutes, input.bufferMinutes);
  if (input.held.some((held) => overlaps(held, holds)) || input.busy.some((block) => overlaps(block, holds))) return "taken";
  return null;
}

/**
 * The free slots from `from` (default: now) up to `to` (default: the end of the horizon), soonest first, at most
 * `limit`. Each slot is the appointment itself (start to start + duration).
 */
export function freeSlots(input: AvailabilityInput, window: { from?: Date; to?: Date; limit?: number } = {}): Interval[] {
  const from = window.from && window.from > input.now ? window.from : input.now;
  const last = horizonDate(input);
  let date = localParts(input.timeZone, from).date;
  const slots: Interval[] = [];
  const limit = window.limit ?? Number.POSITIVE_INFINITY;
  const blocks = [...input.held, ...input.busy];
  while (date <= last && slots.length < limit) {
    if (window.to && zonedInstant(input.timeZone, date, 0) >= window.to) break;
    if (!input.closedDates.includes(date)) {
      for (const start of candidateStarts(input, date)) {
        if (start < from || (window.to && start >= window.to)) continue;
        if (start.getTime() < input.now.getTime() + input.minNoticeMinutes * MINUTE_MS) continue;
        const holds = heldInterval(start, input.durationMinutes, input.bufferMinutes);
        if (blocks.some((block) => overlaps(block, holds))) continue;
        slots.push({ start, end: new Date(start.getTime() + input.durationMinutes * MINUTE_MS) });
        if (slots.length >= limit) break;
      }
    }
    date = addDays(date, 1);
  }
  return slots;
}
