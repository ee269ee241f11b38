/**
 * The manage page's free times, a day at a time: the next days that have any (a week of them, then a link to later
 * ones), and the times of the day the visitor chose, each named with its day so a screen reader says which.
 */
import { type Interval, type LabelLanguage, dateLabel, isLocalDate, isoInZone, localParts, slotLabel, timeLabel } from "@nikki/core";

/** Days offered at once. */
export const DAYS_SHOWN = 7;

export interface FreeDays {
  /** Local dates (YYYY-MM-DD) with free times, labelled ("Wednesday, December 9"). */
  days: { date: string; label: string }[];
  /** The day chosen (`?day=`), when it is one of them, with its times. */
  chosen: { date: string; label: string; times: { start: string; time: string; name: string }[] } | null;
  /** The first date after the days shown (`?from=`), when there are more. */
  laterFrom: string | null;
}

/** `slots`: the free times from the first day offered on, in order, in `zone`. */
export function freeDays(slots: Interval[], zone: string, language: LabelLanguage, day: string | undefined): FreeDays {
  const view: FreeDays = { days: [], chosen: null, laterFrom: null };
  const wanted = day && isLocalDate(day) ? day : null;
  for (const slot of slots) {
    const date = localParts(zone, slot.start).date;
    if (view.days.at(-1)?.date !== date) {
      if (view.days.length === DAYS_SHOWN) {
        view.laterFrom = date;
        break;
      }
      view.days.push({ date, label: dateLabel(date, language) });
      if (date === wanted) view.chosen = { date, label: dateLabel(date, language), times: [] };
    }
    if (date === wanted)
      view.chosen?.times.push({ start: isoInZone(zone, slot.start), time: timeLabel(slot.start, zone, language), name: slotLabel(slot.start, zone, language) });
  }
  return view;
}
