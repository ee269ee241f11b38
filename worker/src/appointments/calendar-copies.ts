/**
 * An appointment's copies in every connected calendar (issue 35 §7), one row each (appointment_calendar_copies). After
 * each change every calendar is brought in line at once, side by side: the copy made, moved or removed there. Each
 * calendar stands alone: one that cannot be reached leaves its copy pending for the cron (calendar-sync.ts) while the
 * others are kept, and the owner is told once per calendar until it works again.
 */
import { CALENDAR_COPY_MESSAGES, type CalendarCopiesResource, integrationInfo } from "@nikki/core";
import { and, eq, exists, gt, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { inOneTrip } from "../db/one-trip";
import { appointmentCalendarCopies as copies, appointments, integrations, members, users } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { type BusinessCalendar, CalendarError, type CalendarProvider } from "../services/calendars/calendar";
import type { AppointmentRow } from "./store";

export type CalendarCopyRow = typeof copies.$inferSelect;

/** The organization's connected calendars, from the accounts its work runs on; none when they cannot be read. */
export const connectedCalendars = (services: Services, organizationId: string): Promise<BusinessCalendar[]> =>
  services
    .providersFor(organizationId)
    .then((providers) => providers.calendars())
    .catch(() => []);

const reasonOf = (error: unknown) => (error instanceof CalendarError ? error.message : CALENDAR_COPY_MESSAGES.noAnswer);

/** The owner hears once that a calendar is down (its mark is cleared when a copy there works again). */
async function tellOwnerOnce(services: Services, log: Logger, organizationId: string, provider: CalendarProvider, error: unknown) {
  const claimed = await services.db
    .update(integrations)
    .set({ alertedAt: new Date() })
    .where(and(eq(integrations.organizationId, organizationId), eq(integrations.provider, provider), isNull(integrations.alertedAt)))
    .returning({ id: integrations.id });
  log.warn("calendar_unreachable", { organization_id: organizationId, provider, error: reasonOf(error) });
  if (claimed.length === 0) return;
  const [owner] = await services.db
    .select({ email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, organizationId), eq(members.role, "owner")));
  if (!owner) return;
  const { name } = integrationInfo(provider);
  await services
    .mailer(log)
    .send({ to: owner.email, subject: CALENDAR_COPY_MESSAGES.unreachableSubject(name), text: CALENDAR_COPY_MESSAGES.unreachableBody(name, reasonOf(error)) })
    .catch((mailError: unknown) => log.warn("calendar_alert_mail_failed", { error: String(mailError) }));
}

const clearAlert = (services: Services, organizationId: string, provider: CalendarProvider) =>
  services.db
    .update(integrations)
    .set({ alertedAt: null })
    .where(and(eq(integrations.organizationId, organizationId), eq(integrations.provider, provider), isNotNull(integrations.alertedAt)));

/**
 * Brings one calendar's copy in line with the appointment as `row` read it: the copy there goes, and a booked one is
 * made again at its time. It is kept only while neither the appointment nor the copy changed meanwhile; else the newer
 * change copies it, and what this one made is taken back. True when the calendar holds it as it is.
 */
export async function syncCopy(services: Services, log: Logger, calendar: BusinessCalendar, row: AppointmentRow, copy: CalendarCopyRow): Promise<boolean> {
  const { db } = services;
  try {
    if (copy.eventId) await calendar.remove(copy.eventId);
    const eventId = row.status === "booked" ? await calendar.add(row) : null;
    const unchanged = db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.id, row.id), eq(appointments.startAt, row.startAt), eq(appointments.status, row.status)));
    const kept = await db
      .update(copies)
      .set({ eventId, state: "synced", lastError: null })
      .where(and(eq(copies.id, copy.id), copy.eventId ? eq(copies.eventId, copy.eventId) : isNull(copies.eventId), exists(unchanged)))
      .returning({ id: copies.id });
    if (kept.length === 0 && eventId) await calendar.remove(eventId).catch(() => undefined);
    await clearAlert(services, row.organizationId, calendar.provider);
    return true;
  } catch (error) {
    await db
      .update(copies)
      .set({ state: "pending", lastError: reasonOf(error) })
      .where(eq(copies.id, copy.id));
    await tellOwnerOnce(services, log, row.organizationId, calendar.provider, error);
    return false;
  }
}

/**
 * After a change, every connected calendar is to hold the appointment as it is now: each has its copy marked pending
 * (a booked appointment gets one in a calendar that has none; a canceled one only where a copy was made), then all are
 * brought in line side by side. `except`: the calendar the change came from, whose copy is gone there already.
 */
export async function copyToCalendars(services: Services, log: Logger, row: AppointmentRow, except?: CalendarProvider): Promise<void> {
  if (except) {
    await services.db
      .update(copies)
      .set({ state: "synced", eventId: null, lastError: null })
      .where(and(eq(copies.appointmentId, row.id), eq(copies.provider, except)));
  }
  const calendars = (await connectedCalendars(services, row.organizationId)).filter((calendar) => calendar.provider !== except);
  if (calendars.length === 0) return;
  const providers = calendars.map((calendar) => calendar.provider);
  const marked =
    row.status === "booked"
      ? await services.db
          .insert(copies)
          .values(providers.map((provider) => ({ appointmentId: row.id, organizationId: row.organizationId, provider, state: "pending" as const })))
          .onConflictDoUpdate({ target: [copies.appointmentId, copies.provider], set: { state: "pending" } })
          .returning()
      : await services.db
          .update(copies)
          .set({ state: "pending" })
          .where(and(eq(copies.appointmentId, row.id), inArray(copies.provider, providers)))
          .returning();
  await Promise.all(marked.map((copy) => syncCopy(services, log, calendars.find((calendar) => calendar.provider === copy.provider)!, row, copy)));
}

/** Rows per insert: D1 binds at most 100 values in one statement. */
const ROWS_PER_INSERT = 10;

/**
 * A calendar connected (or verified again) after bookings were made: each upcoming booking (booked, starting after
 * `now`) that has no copy there gets a pending one, for the runner (calendar-sync.ts) to make. One that has a copy
 * there already keeps it, so connecting the same calendar again never doubles an event. Answers how many were marked.
 */
export async function markUpcomingPending(db: Database, organizationId: string, provider: CalendarProvider, now = new Date()): Promise<number> {
  const copied = db
    .select({ id: copies.id })
    .from(copies)
    .where(and(eq(copies.appointmentId, appointments.id), eq(copies.provider, provider)));
  const upcoming = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.status, "booked"), gt(appointments.startAt, now), notExists(copied)));
  const rows = upcoming.map(({ id }) => ({ appointmentId: id, organizationId, provider, state: "pending" as const }));
  const inserts = [];
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT)
    inserts.push(
      db
        .insert(copies)
        .values(rows.slice(at, at + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  const [first, ...rest] = inserts;
  if (first) await inOneTrip(db, [first, ...rest]);
  return rows.length;
}

/** The copies of some appointments, for their resources. */
export async function copiesOf(db: Database, appointmentIds: string[]): Promise<Map<string, CalendarCopyRow[]>> {
  const byAppointment = new Map<string, CalendarCopyRow[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db.select().from(copies).where(inArray(copies.appointmentId, appointmentIds)).orderBy(copies.provider);
  for (const copy of rows) byAppointment.set(copy.appointmentId, [...(byAppointment.get(copy.appointmentId) ?? []), copy]);
  return byAppointment;
}

/** Each calendar's copies of the organization's bookings: when the last one was made there, and how many wait. */
export async function calendarCopyStats(db: Database, organizationId: string): Promise<Map<CalendarProvider, CalendarCopiesResource>> {
  const rows = await db
    .select({
      provider: copies.provider,
      lastCopiedAt: sql<number | null>`max(case when ${copies.state} = 'synced' then ${copies.updatedAt} end)`,
      pending: sql<number>`sum(case when ${copies.state} = 'pending' then 1 else 0 end)`,
      failing: sql<number>`sum(case when ${copies.state} = 'pending' and ${copies.lastError} is not null then 1 else 0 end)`,
    })
    .from(copies)
    .where(eq(copies.organizationId, organizationId))
    .groupBy(copies.provider);
  return new Map(
    rows.map((row) => [
      row.provider,
      { last_copied_at: row.lastCopiedAt === null ? null : new Date(row.lastCopiedAt).toISOString(), pending: row.pending, failing: row.failing },
    ]),
  );
}
