/**
 * An agent's opening hours (`hours_json`, spec 001 §3) in its time zone (`business_hours_tz`):
 * `{ "mon": [{ "open": "09:00", "close": "18:00" }], …, "sun": [] }`. A day that is missing or empty is closed.
 */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The week as the dashboard lists it, Monday first. */
export const WEEK_FROM_MONDAY: readonly Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/** A weekday's name as the dashboard and the read-back times write it. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};
export type OpeningHours = Partial<Record<Weekday, { open: string; close: string }[]>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Parses `hours_json`; anything malformed is treated as no hours at all (always after hours). */
export function parseOpeningHours(json: string): OpeningHours {
  try {
    const value = JSON.parse(json) as unknown;
    if (typeof value !== "object" || value === null) return {};
    const hours: OpeningHours = {};
    for (const day of WEEKDAYS) {
      const spans = (value as Record<string, unknown>)[day];
      if (!Array.isArray(spans)) continue;
      hours[day] = spans.filter(
        (span): span is { open: string; close: string } =>
          typeof span === "object" && span !== null && TIME.test(String(span.open)) && TIME.test(String(span.close)),
      );
    }
    return hours;
  } catch {
    return {};
  }
}

// Creating an Intl.DateTimeFormat costs far more than formatting with one, and every call asks for the same few zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATS = {
  clock: ["en-US", { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
  long: ["en-US", { dateStyle: "full", timeStyle: "short" }],
  // en-CA writes dates as YYYY-MM-DD.
  date: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  shownDateTime: ["en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }],
  shownDate: ["en-US", { year: "numeric", month: "short", day: "numeric" }],
} as const satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;
function formatter(kind: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const [locale, options] = FORMATS[kind];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** The weekday and minutes since midnight at `now` in `timeZone`. */
export function localClock(timeZone: string, now: Date): { day: Weekday; minutes: number } {
  const parts = formatter("clock", timeZone).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const day = get("weekday").slice(0, 3).toLowerCase() as Weekday;
  return { day, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** A span's end; "23:59" (the latest a time field can say) closes at midnight, so a day open 00:00–23:59 is open all day. */
const closesAt = (time: string) => (time === "23:59" ? 24 * 60 : toMinutes(time));

export function isOpen(hours: OpeningHours, timeZone: string, now: Date): boolean {
  const { day, minutes } = localClock(timeZone, now);
  return (hours[day] ?? []).some((span) => minutes >= toMinutes(span.open) && minutes < closesAt(span.close));
}

/** Whether a business with these hours (`hours_json`) is closed at `now` in its zone (`business_hours_tz`). */
export function isAfterHours(hoursJson: string, timeZone: string, now: Date): boolean {
  return !isOpen(parseOpeningHours(hoursJson), timeZone, now);
}

/** The business-local date (YYYY-MM-DD) at `now` in `timeZone`. */
export function localDate(timeZone: string, now: Date): string {
  return formatter("date", timeZone).format(now);
}

/**
 * A moment as the dashboard shows it (DESIGN.md, Times): in the business's zone and labelled with it,
 * "Nov 24, 2026, 9:05 AM EST".
 */
export function businessDateTime(at: string | Date, timeZone: string): string {
  return formatter("shownDateTime", timeZone).format(new Date(at));
}

/** The day of a moment in the business's zone, "Nov 24, 2026" (an invoice's date, a renewal). */
export function businessDate(at: string | Date, timeZone: string): string {
  return formatter("shownDate", timeZone).format(new Date(at));
}

/** "Tuesday, November 24, 2026, 9:05 AM" in the business's zone, for the agent's instructions. */
export function describeLocalTime(timeZone: string, now: Date): string {
  return formatter("long", timeZone).format(now);
}

/** "Mon 09:00-18:00; Tue 09:00-18:00; …; Sun closed", for the agent's instructions. */
export function describeOpeningHours(hours: OpeningHours): string {
  return WEEK_FROM_MONDAY.map((day) => {
    const spans = hours[day] ?? [];
    const label = day[0]!.toUpperCase() + day.slice(1);
    return spans.length ? `${label} ${spans.map((s) => `${s.open}-${s.close}`).join(", ")}` : `${label} closed`;
  }).join("; ");
}
