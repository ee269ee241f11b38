/**
 * Every connected calendar (Google Calendar, Cal.com) gets a copy of each booking, move and cancellation: what the
 * Integrations cards say of it, and what the owner is told once when a calendar cannot be reached.
 */
import { plural } from "./plural";

/** The integrations that are calendars: each one connected gets every copy, and its busy times count. */
export const CALENDAR_PROVIDERS = ["google_calendar", "calcom"] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];
export const isCalendar = (provider: string): provider is CalendarProvider => (CALENDAR_PROVIDERS as readonly string[]).includes(provider);

/** What `GET /api/integrations` says of a calendar's copies. */
export interface CalendarCopiesResource {
  /** When the last copy was made there (ISO), null before the first. */
  last_copied_at: string | null;
  /** Bookings, moves and cancellations still to be copied there (just connected, or it could not be reached; the cron tries again). */
  pending: number;
  /** Of those, the ones whose last try there failed. */
  failing: number;
}

/** An appointment's copy in one calendar, as `AppointmentResource.calendar_copies` lists it. */
export interface AppointmentCalendarCopy {
  provider: CalendarProvider;
  state: "pending" | "synced";
  /** The event there (Google's event id, Cal.com's booking uid); null while there is none. */
  event_id: string | null;
}

export const CALENDAR_COPY_MESSAGES = {
  lastCopied: (when: string) => `Last copy made ${when}`,
  noneYet: "No copies made yet",
  /** Pending copies none of which has failed yet: the bookings made before the calendar was connected, being copied now. */
  copying: (count: number) => `${count} ${count === 1 ? "booking is" : "bookings are"} being copied here now.`,
  pending: (count: number) =>
    `${plural(count, "booking change waits", "booking changes wait")} to be copied: it could not be reached, and Nikki AI tries again every 15 minutes.`,
  unreachableSubject: (calendar: string) => `${calendar} could not be reached`,
  unreachableBody: (calendar: string, reason: string) =>
    `Nikki AI could not copy a booking to ${calendar} (${reason}). Your bookings are held in Nikki AI and will be copied to ${calendar} as soon as it answers again; the Appointments tab shows them all. Your other calendars still get every change. You will not be told again about ${calendar} until it has worked once more.`,
  /** The reason when a calendar gave none. */
  noAnswer: "it did not answer",
} as const;
