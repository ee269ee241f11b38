/**
 * Wall-clock time in a business's time zone and the instants it names, daylight saving included. A local date is
 * `YYYY-MM-DD`; a local time is minutes since midnight. Written on Intl alone (core runs without Temporal or DOM).
 */
import { WEEKDAYS, type Weekday } from "./hours";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Formatters are costly to build and every request asks for the same few zones.
const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = partFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormatters.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows the zone (an agent's stored zone may be anything). */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalParts {
  date: string;
  year: number;
  month: number;
  day: number;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The local date, weekday and time of an instant in a zone: the instant moved by the zone's offset, read as UTC. */
export function localParts(timeZone: string, instant: Date): LocalParts {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes(timeZone, instant) * MINUTE_MS);
  const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return { date, year, month, day, weekday: weekdayOf(date), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The zone's offset at an instant, asked of Intl (formatToParts: the costly part of everything here). */
function intlOffsetMinutes(timeZone: string, instant: Date): number {
  const parts = partsFormatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? "0");
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS);
}

/**
 * Each zone's offset per UTC day, when it is the same at the day's first and last second (null: the offset changes
 * that day). A zone changes its offset at most once within a day (zonedInstant relies on it too), so the same offset
 * at both ends holds all day. A call's availability asks for hundreds of instants over a few weeks: two Intl reads a
 * day instead of one or more per instant.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAYS_KEPT = 4_096;

/** The zone's offset from UTC at an instant, in minutes (New York in winter: -300). */
export function offsetMinutes(timeZone: string, instant: Date): number {
  const day = Math.floor(instant.getTime() / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const first = intlOffsetMinutes(timeZone, new Date(day * DAY_MS));
    offset = first === intlOffsetMinutes(timeZone, new Date((day + 1) * DAY_MS - 1000)) ? first : null;
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset ?? intlOffsetMinutes(timeZone, instant);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isLocalDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const dateMs = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** A local date some days later (or earlier): calendar arithmetic, no zone involved. */
export function addDays(date: string, days: number): string {
  return new Date(dateMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one local date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY_MS);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(dateMs(date)).getUTCDay()]!;
}

/**
 * The instant a local date and time name in a zone. A time skipped by a spring-forward change is moved forward by the
 * gap (02:30 on that night in New York is 03:30 EDT); a time repeated by a fall-back change is its first occurrence,
 * as Temporal's "compatible" disambiguation does. `minutes` may be 1440 (the next midnight).
 */
export function zonedInstant(timeZone: string, date: string, minutes: number): Date {
  const wall = dateMs(date) + minutes * MINUTE_MS;
  // A zone changes its offset at most once within a day either side, so these two offsets are the only candidates.
  const before = offsetMinutes(timeZone, new Date(wall - DAY_MS));
  const after = offsetMinutes(timeZone, new Date(wall + DAY_MS));
  const candidates = [wall - before * MINUTE_MS, wall - after * MINUTE_MS].filter(
    (instant) => instant + offsetMinutes(timeZone, new Date(instant)) * MINUTE_MS === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before * MINUTE_MS);
}

/** ISO 8601 with the zone's offset at that instant: `2026-12-01T15:00:00-05:00`. */
export function isoInZone(timeZone: string, instant: Date): string {
  const offset = offsetMinutes(timeZone, instant);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * MINUTE_MS).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An ISO 8601 date-time as an instant. With an offset (or Z) it names that instant; without one it is read as wall
 * time in `timeZone` (what a model may send). Anything else, or an impossible date, is null.
 */
export function parseInstant(value: string, timeZone: string): Date | null {
  const match = ISO_INSTANT.exec(value.trim());
  if (!match) return null;
  const [, date, hour, minute, second, zone] = match;
  if (!isLocalDate(date!) || Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null;
  if (!zone) {
    const instant = zonedInstant(timeZone, date!, Number(hour) * 60 + Number(minute));
    return new Date(instant.getTime() + Number(second ?? 0) * 1000);
  }
  const instant = new Date(value.trim());
  return Number.isNaN(instant.getTime()) ? null : instant;
}
