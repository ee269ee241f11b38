/**
 * The Test Suite's after-hours scenario plays at a moment the business is closed (issue 54): the call carries that
 * moment, its agent is told it is that time, and the dashboard says the call was a simulated after-hours one at that
 * moment rather than a bare "After hours" that its real time would contradict.
 */
import { isAfterHours } from "./hours";
import { timeLabel } from "./slot-labels";
import { localParts } from "./zoned-time";

const HALF_HOUR_MS = 30 * 60 * 1000;
const SEARCHED_MS = 8 * 24 * 60 * 60 * 1000;
/** How far into a closed stretch the moment falls when it lasts that long: an evening, not the minute the doors shut. */
const INTO_CLOSED_MS = 2 * 60 * 60 * 1000;

/** The moment the scenario plays: now when closed, else the coming closed hour; null for a business never closed. */
export function afterHoursMoment(hoursJson: string, timeZone: string, now: Date): Date | null {
  if (isAfterHours(hoursJson, timeZone, now)) return now;
  const from = Math.ceil(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS;
  for (let at = from; at < from + SEARCHED_MS; at += HALF_HOUR_MS) {
    if (!isAfterHours(hoursJson, timeZone, new Date(at))) continue;
    const later = new Date(at + INTO_CLOSED_MS);
    return isAfterHours(hoursJson, timeZone, later) ? later : new Date(at);
  }
  return null;
}

/** "Sat 11:00 PM" in the business's zone. */
export function weekdayTime(at: Date, timeZone: string): string {
  const { weekday } = localParts(timeZone, at);
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${timeLabel(at, timeZone)}`;
}

/** What the call list and detail say of a simulated after-hours call: "Test call · simulated after hours (Sat 11:00 PM)". */
export function simulatedAfterHoursLabel(simulatedAt: string | null, timeZone: string | undefined): string {
  const when = simulatedAt && timeZone ? ` (${weekdayTime(new Date(simulatedAt), timeZone)})` : "";
  return `Test call · simulated after hours${when}`;
}
