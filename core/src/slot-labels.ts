/**
 * How a booked or offered time is read back: "Tuesday, December 1 at 3:00 PM" / "martes 1 de diciembre a las 15:00",
 * in the business's time zone. Built from the zone's parts with our own names, so the words are the same in every
 * runtime (ICU versions differ in spaces and abbreviations); only the zone's own name comes from ICU (`zoneName()`).
 */
import { WEEKDAY_NAMES, type Weekday } from "./hours";
import { type LocalParts, localParts, weekdayOf } from "./zoned-time";

/** The languages labels are written in; an agent speaking another language reads them in English. */
export type LabelLanguage = "en" | "es";

export const labelLanguageOf = (agentLanguage: string | null | undefined): LabelLanguage => (agentLanguage?.toLowerCase().startsWith("es") ? "es" : "en");

const DAYS: Record<LabelLanguage, Record<Weekday, string>> = {
  en: WEEKDAY_NAMES,
  es: { sun: "domingo", mon: "lunes", tue: "martes", wed: "miércoles", thu: "jueves", fri: "viernes", sat: "sábado" },
};
const MONTHS: Record<LabelLanguage, string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
};

function dayLabelOf(parts: Pick<LocalParts, "weekday" | "month" | "day">, language: LabelLanguage): string {
  const weekday = DAYS[language][parts.weekday];
  const month = MONTHS[language][parts.month - 1]!;
  return language === "es" ? `${weekday} ${parts.day} de ${month}` : `${weekday}, ${month} ${parts.day}`;
}

/** "3:00 PM" or "15:00". */
function timeOf(minutes: number, language: LabelLanguage): string {
  const [hour, minute] = [Math.floor(minutes / 60), String(minutes % 60).padStart(2, "0")];
  return language === "es" ? `${hour}:${minute}` : `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`;
}

function clockOf(minutes: number, language: LabelLanguage): string {
  if (language === "es") return `${Math.floor(minutes / 60) === 1 ? "a la" : "a las"} ${timeOf(minutes, language)}`;
  return `at ${timeOf(minutes, language)}`;
}

/** A wall-clock time as hours are written ("09:00", "17:30") as the dashboard shows it: "9:00 AM", "5:30 PM". */
export function clockLabel(hhmm: string, language: LabelLanguage = "en"): string {
  return timeOf(Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)), language);
}

/** An opening span as the dashboard shows it: "9:00 AM–5:00 PM". */
export const spanLabel = (span: { open: string; close: string }, language: LabelLanguage = "en") =>
  `${clockLabel(span.open, language)}–${clockLabel(span.close, language)}`;

/** The time of day alone, in the zone: "3:00 PM" or "15:00". */
export function timeLabel(instant: Date, timeZone: string, language: LabelLanguage = "en"): string {
  return timeOf(localParts(timeZone, instant).minutes, language);
}

/** "Tuesday, December 1 at 3:00 PM" or "martes 1 de diciembre a las 15:00". */
export function slotLabel(instant: Date, timeZone: string, language: LabelLanguage = "en"): string {
  const parts = localParts(timeZone, instant);
  return `${dayLabelOf(parts, language)} ${clockOf(parts.minutes, language)}`;
}

/**
 * The zone's everyday name in the language, "Central Time" or "hora central" (ICU's generic name: the same in winter
 * and summer); the zone's IANA name where the runtime has no name but an offset.
 */
export function zoneName(timeZone: string, language: LabelLanguage = "en", at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat(language === "es" ? "es" : "en-US", { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && !name.startsWith("GMT") ? name : timeZone;
}

/** slotLabel with its zone, for a reader who may be elsewhere: "Tuesday, December 1 at 3:00 PM Central Time". */
export function zonedSlotLabel(instant: Date, timeZone: string, language: LabelLanguage = "en"): string {
  const zone = zoneName(timeZone, language, instant);
  return language === "es" ? `${slotLabel(instant, timeZone, language)} (${zone})` : `${slotLabel(instant, timeZone, language)} ${zone}`;
}

/** A local date (YYYY-MM-DD) read back: "Tuesday, December 1" or "martes 1 de diciembre". */
export function dateLabel(date: string, language: LabelLanguage = "en"): string {
  return dayLabelOf({ weekday: weekdayOf(date), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) }, language);
}

/** Where a slot falls in the day, as a caller asks for it: before noon, noon to five, from five. */
export const PARTS_OF_DAY = ["morning", "afternoon", "evening"] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

export function partOfDay(instant: Date, timeZone: string): PartOfDay {
  const { minutes } = localParts(timeZone, instant);
  return minutes < 12 * 60 ? "morning" : minutes < 17 * 60 ? "afternoon" : "evening";
}
