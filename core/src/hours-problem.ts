/**
 * What is wrong with a week of hours as a business writes them (an agent's opening hours, its transfer hours), in the
 * words of the day it is on: "Friday closes before it opens", never the data format (issue 54 §11). The wizard's grid
 * and the raw JSON both come here, through the agent schema.
 */
import { WEEKDAYS, WEEKDAY_NAMES, WEEK_FROM_MONDAY, type Weekday } from "./hours";

/** Which hours: the business's opening hours, or the hours its calls are transferred to a person. */
export type HoursKind = "opening" | "transfer";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const HOURS_MESSAGES = {
  opening: {
    shape: 'Opening hours are days (mon … sun), each a list of times like {"open": "09:00", "close": "17:00"}.',
    backwards: (day: string) => `${day} closes before it opens.`,
    same: (day: string, time: string) => `${day} opens and closes at ${time}: choose a closing time after the opening time.`,
  },
  transfer: {
    shape: 'Transfer hours are days (mon … sun), each a list of times like {"open": "09:00", "close": "17:00"}, or null for any time.',
    backwards: (day: string) => `${day}'s transfer hours end before they start.`,
    same: (day: string, time: string) => `${day}'s transfer hours start and end at ${time}: choose an end after the start.`,
  },
  unknownDay: (key: string) => `“${key}” is not a day: the days are mon, tue, wed, thu, fri, sat and sun.`,
  dayShape: (day: string) => `${day}'s hours need an opening and a closing time for each span.`,
  time: (day: string, time: string) => `${day}'s time “${time}” is not a time of day: write it like 09:00 or 17:30.`,
} as const;

const isWeekday = (key: string): key is Weekday => (WEEKDAYS as readonly string[]).includes(key);

/** The first problem of a week of hours (days in the week's order), or null when every span opens before it closes. */
export function hoursProblem(value: unknown, kind: HoursKind): string | null {
  const words = HOURS_MESSAGES[kind];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return words.shape;
  const days = value as Record<string, unknown>;
  const unknown = Object.keys(days).find((key) => !isWeekday(key));
  if (unknown !== undefined) return HOURS_MESSAGES.unknownDay(unknown);
  // Monday first, as the wizard's grid lists them.
  for (const day of WEEK_FROM_MONDAY) {
    if (!(day in days)) continue;
    const name = WEEKDAY_NAMES[day];
    const spans = days[day];
    if (!Array.isArray(spans)) return HOURS_MESSAGES.dayShape(name);
    for (const span of spans) {
      const { open, close } = (span ?? {}) as { open?: unknown; close?: unknown };
      if (typeof open !== "string" || typeof close !== "string") return HOURS_MESSAGES.dayShape(name);
      const badTime = [open, close].find((time) => !TIME.test(time));
      if (badTime !== undefined) return HOURS_MESSAGES.time(name, badTime);
      if (close < open) return words.backwards(name);
      if (close === open) return words.same(name, open);
    }
  }
  return null;
}
