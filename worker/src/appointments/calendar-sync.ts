/**
 * Keeping the connected calendar in line with the appointments (issue 35 §7). After each change the copy is made,
 * moved or removed at once; a provider that cannot be reached leaves the booking held here (`calendar_state`
 * pending), the cron tries again, and the owner is told once until it works again. Every 15 minutes the cron also asks
 * the calendar which copies the business deleted there, and cancels those here (the booked person is told once).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull } from "drizzle-orm";
import { textAboutAppointment } from "./notify";
import type { AppointmentRow } from "./store";
import { writeAudit } from "../audit";
import { appointments, integrations, members, organizationSettings, users } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { type BusinessCalendar, CalendarError } from "../services/calendars/calendar";

/** The organization's connected calendar, from the accounts its work runs on; null without one (or when they cannot be read). */
export const connectedCalendar = (services: Services, organizationId: string) =>
  services
    .providersFor(organizationId)
    .then((providers) => providers.calendar())
    .catch(() => null);

const BATCH = 100;

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

/** Cron: copies still to make (a provider was down), then cancellations made in the calendars. */
export async function syncCalendars(services: Services, log: Logger, now = new Date()): Promise<{ synced: number; canceled: number }> {
  const { db } = services;
  const pending = await db.select().from(appointments).where(eq(appointments.calendarState, "pending")).orderBy(asc(appointments.updatedAt)).limit(BATCH);
  let synced = 0;
  for (const row of pending) if (await syncToCalendar(services, row, log)) synced++;
  let canceled = 0;
  const connected = await db
    .selectDistinct({ organizationId: integrations.organizationId })
    .from(integrations)
    .where(and(inArray(integrations.provider, ["google_calendar", "calcom"]), eq(integrations.testStatus, "success")));
  for (const { organizationId } of connected) canceled += await pullCancellations(services, log, organizationId, now);
  return { synced, canceled };
}

/** The business deleted some copies in its calendar: those appointments are canceled here too. */
async function pullCancellations(services: Services, log: Logger, organizationId: string, now: Date): Promise<number> {
  const calendar = await connectedCalendar(services, organizationId);
  if (!calendar) return 0;
  const rows = await services.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        eq(appointments.status, "booked"),
        eq(appointments.calendarState, "synced"),
        eq(appointments.calendarProvider, calendar.provider),
        isNotNull(appointments.calendarEventId),
        gt(appointments.endAt, now),
      ),
    )
    .limit(500);
  if (rows.length === 0) return 0;
  const window = { start: new Date(Math.min(...rows.map((row) => row.startAt.getTime()))), end: new Date(Math.max(...rows.map((row) => row.endAt.getTime()))) };
  const gone = await calendar
    .canceled(
      rows.map((row) => row.calendarEventId!),
      window,
    )
    .catch((error: unknown) => {
      log.warn("calendar_pull_failed", { organization_id: organizationId, error: String(error) });
      return new Set<string>();
    });
  let canceled = 0;
  for (const row of rows.filter((candidate) => gone.has(candidate.calendarEventId!))) {
    const [done] = await services.db
      .update(appointments)
      .set({ status: "canceled", canceledAt: now, updatedAt: now })
      .where(and(eq(appointments.id, row.id), eq(appointments.status, "booked")))
      .returning();
    if (!done) continue;
    canceled++;
    await writeAudit(services.db, log, { action: "appointment_canceled", organizationId, target: row.id, details: { source: calendar.provider } });
    await services.publishAppointment(organizationId, { id: done.id, status: done.status });
    await textAboutAppointment(services, done, "canceled", { log });
  }
  return canceled;
}
