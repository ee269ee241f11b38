/**
 * An appointment's copy in the connected calendar (issue 35 §7), brought in line after each change: made, moved or
 * removed at once; a provider that cannot be reached leaves the copy pending (`calendar_state`), for the cron
 * (calendar-sync.ts) to try again, and the owner is told once until it works again.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { AppointmentRow } from "./store";
import { appointments, members, organizationSettings, users } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { type BusinessCalendar, CalendarError } from "../services/calendars/calendar";

/** The organization's connected calendar, from the accounts its work runs on; null without one (or when they cannot be read). */
export const connectedCalendar = (services: Services, organizationId: string) =>
  services
    .providersFor(organizationId)
    .then((providers) => providers.calendar())
    .catch(() => null);

/** The owner hears once that the calendar is down (the mark is cleared when a sync works again). */
async function tellOwnerOnce(services: Services, log: Logger, organizationId: string, calendar: BusinessCalendar, error: unknown) {
  const claimed = await services.db
    .update(organizationSettings)
    .set({ calendarAlertedAt: new Date() })
    .where(and(eq(organizationSettings.organizationId, organizationId), isNull(organizationSettings.calendarAlertedAt)))
    .returning({ id: organizationSettings.organizationId });
  if (claimed.length === 0) return;
  const [owner] = await services.db
    .select({ email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, organizationId), eq(members.role, "owner")));
  const name = calendar.provider === "google_calendar" ? "Google Calendar" : "Cal.com";
  const reason = error instanceof CalendarError ? error.message : "it did not answer";
  log.warn("calendar_unreachable", { organization_id: organizationId, provider: calendar.provider, error: reason });
  if (!owner) return;
  await services
    .mailer(log)
    .send({
      to: owner.email,
      subject: `${name} could not be reached`,
      text: `Nikki could not add a booking to ${name} (${reason}). Your bookings are held in Nikki and will be copied to ${name} as soon as it answers again; the Appointments tab shows them all. You will not be told again until it has worked once more.`,
    })
    .catch((mailError: unknown) => log.warn("calendar_alert_mail_failed", { error: String(mailError) }));
}

/** Brings one appointment's calendar copy in line with it; true when it is (or there is no calendar). */
export async function syncToCalendar(services: Services, row: AppointmentRow, log: Logger): Promise<boolean> {
  if (row.calendarState === "synced") return true;
  const calendar = await connectedCalendar(services, row.organizationId);
  if (!calendar) return true;
  try {
    // A copy elsewhere (moved, canceled, or made before the calendar was switched) goes first.
    if (row.calendarEventId && (row.status === "canceled" || row.calendarProvider === calendar.provider)) await calendar.remove(row.calendarEventId);
    const eventId = row.status === "booked" ? await calendar.add(row) : row.calendarEventId;
    await services.db
      .update(appointments)
      .set({ calendarProvider: calendar.provider, calendarEventId: eventId, calendarState: "synced" })
      // Only while the appointment is still what was copied (a move or cancel since then syncs again).
      .where(and(eq(appointments.id, row.id), eq(appointments.startAt, row.startAt), eq(appointments.status, row.status)));
    await services.db
      .update(organizationSettings)
      .set({ calendarAlertedAt: null })
      .where(and(eq(organizationSettings.organizationId, row.organizationId), isNotNull(organizationSettings.calendarAlertedAt)));
    return true;
  } catch (error) {
    await services.db
      .update(appointments)
      .set({ calendarState: "pending", calendarProvider: row.calendarProvider ?? calendar.provider })
      .where(eq(appointments.id, row.id));
    await tellOwnerOnce(services, log, row.organizationId, calendar, error);
    return false;
  }
}
