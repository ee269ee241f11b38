/**
 * The day a caller names ("tomorrow", "next Tuesday", "mañana", "el viernes", "December 3", "2026-12-03"), resolved in
 * the business's time zone on the server, so the agent reads back a real date instead of guessing one (issue 35 §3).
 *
 * A weekday alone, or "this …", is its next occurrence from today on (today included); "next …" / "el próximo …" is
 * the first one after today. A month and day with no year is the next time that date comes.
 */
import { WEEKDAYS, type Weekday } from "./hours";
import { addDays, isLocalDate, localParts, weekdayOf } from "./zoned-time";

const WEEKDAY_WORDS: Record<string, Weekday> = {
  sunday: "sun",
  monday: "mon",
  tuesday: "tue",
  wednesday: "wed",
  thursday: "thu",
  friday: "fri",
  saturday: "sat",
  domingo: "sun",
  lunes: "mon",
  martes: "tue",
  miercoles: "wed",
  jueves: "thu",
  viernes: "fri",
  sabado: "sat",
};
const MONTH_WORDS: Record<string, number> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
};
const OFFSETS: Record<string, number> = {
  today: 0,
  hoy: 0,
  tomorrow: 1,
  manana: 1,
  "day after tomorrow": 2,
  "the day after tomorrow": 2,
  "pasado manana": 2,
};

/** Lower case, accents off, filler words ("on", "el", "this", "este") and punctuation dropped. */
function normalise(text: string): { words: string; next: boolean } {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[.,!?]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const next = /\b(next|proximo|que viene)\b/.test(plain);
  const words = plain
    .replace(/\b(on|the|this|coming|next|el|este|esta|proximo|que viene|de|del)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { words, next };
}

function monthDay(month: number, day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  for (const candidateYear of [year, year + 1]) {
    const date = `${candidateYear}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (isLocalDate(date) && date >= today) return date;
  }
  return null;
}

/** The local date (YYYY-MM-DD) a caller's words name, in `timeZone` at `now`; null when they name no day we can tell. */
export function resolveLocalDate(text: string, timeZone: string, now: Date): string | null {
  const today = localParts(timeZone, now).date;
  const raw = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return isLocalDate(raw) ? raw : null;
  const { words, next } = normalise(raw);
  if (words in OFFSETS) return addDays(today, OFFSETS[words]!);
  const inDays = /^(?:in|en) (\d{1,2}) (?:days?|dias?)$/.exec(words);
  if (inDays) return addDays(today, Number(inDays[1]));
  if (words in WEEKDAY_WORDS) {
    const target = WEEKDAYS.indexOf(WEEKDAY_WORDS[words]!);
    const from = WEEKDAYS.indexOf(weekdayOf(today));
    let ahead = (target - from + 7) % 7;
    if (next && ahead === 0) ahead = 7;
    return addDays(today, ahead);
  }
  const monthFirst = /^([a-z]+) (\d{1,2})(?:st|nd|rd|th)?$/.exec(words);
  if (monthFirst && monthFirst[1]! in MONTH_WORDS) return monthDay(MONTH_WORDS[monthFirst[1]!]!, Number(monthFirst[2]), today);
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)$/.exec(words);
  if (dayFirst && dayFirst[2]! in MONTH_WORDS) return monthDay(MONTH_WORDS[dayFirst[2]!]!, Number(dayFirst[1]), today);
  return null;
}
