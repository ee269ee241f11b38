/**
 * The calendar cron (every 15 minutes, issue 35 §7): upcoming bookings a calendar has no copy of yet (it was connected
 * after they were made) are marked to be copied there; copies still to make, because a calendar could not be reached
 * or was just connected, are made (calendar-copies.ts); then, in each connected calendar, the copies the business
 * deleted there, whose appointments are canceled here through the commands (the booked person is told once, the other
 * calendars' copies removed). Connecting a calendar runs the first two at once for it (`calendarConnected`).
 */
import { CALENDAR_PROVIDERS, type CalendarProvider } from "@nikki/core";
import { and, asc, eq, gt, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { appointmentCalendarCopies as copies, appointments, integrations } from "../db/schema";
import type { Logger } from "../logger";
import { type Services, withProvidersOnce } from "../services";
import type { BusinessCalendar } from "../services/calendars/calendar";
import { connectedCalendars, markUpcomingPending, syncCopy } from "./calendar-copies";
import { cancel } from "./commands";

const BATCH = 100;

/** One organization's calendar. */
export interface CalendarOf {
  organizationId: string;
  provider: CalendarProvider;
}

/** A calendar's copies are verified and connected while its integration is. */
const verifiedCalendar = and(
  eq(integrations.organizationId, copies.organizationId),
  eq(integrations.provider, copies.provider),
  eq(integrations.testStatus, "success"),
);

/**
 * Makes the pending copies, oldest first (all of them, or only `only`'s), each through syncCopy; a failed try updates
 * its copy, so one calendar that stays down never keeps the others waiting. Answers how many were made.
 */
export async function syncPendingCopies(services: Services, log: Logger, only?: CalendarOf): Promise<number> {
  const scope: SQL[] = only ? [eq(copies.organizationId, only.organizationId), eq(copies.provider, only.provider)] : [];
  const pending = await services.db
    .select({ copy: copies, appointment: appointments })
    .from(copies)
    .innerJoin(appointments, eq(appointments.id, copies.appointmentId))
    .innerJoin(integrations, verifiedCalendar)
    .where(and(eq(copies.state, "pending"), ...scope))
    .orderBy(asc(copies.updatedAt))
    .limit(BATCH);
  let synced = 0;
  // A calendar that failed once this run is not tried again until the next (each try may wait out its timeout).
  const down = new Set<string>();
  for (const { copy, appointment } of pending) {
    const key = `${copy.organizationId}:${copy.provider}`;
    if (down.has(key)) continue;
    const calendar = (await connectedCalendars(services, copy.organizationId)).find((candidate) => candidate.provider === copy.provider);
    if (!calendar) continue;
    if (await syncCopy(services, log, calendar, appointment, copy)) synced++;
    else down.add(key);
  }
  return synced;
}

/**
 * A calendar was just connected or verified again: the organization's upcoming bookings get pending copies there
 * before the answer (so Integrations counts them at once), and `afterResponse` makes them, as the cron would; a
 * calendar that does not answer keeps them pending for the cron.
 */
export async function calendarConnected(services: Services, log: Logger, calendar: CalendarOf, afterResponse: (work: Promise<void>) => void): Promise<void> {
  const marked = await markUpcomingPending(services.db, calendar.organizationId, calendar.provider);
  log.info("calendar_connected_copies", { organization_id: calendar.organizationId, provider: calendar.provider, marked });
  afterResponse(
    syncPendingCopies(withProvidersOnce(services), log, calendar).then(
      () => undefined,
      (error: unknown) => log.warn("calendar_connected_copies_failed", { provider: calendar.provider, error: String(error) }),
    ),
  );
}

/** The organizations with a verified calendar. */
const organizationsWithCalendars = (db: Database) =>
  db
    .selectDistinct({ organizationId: integrations.organizationId })
    .from(integrations)
    .where(and(inArray(integrations.provider, [...CALENDAR_PROVIDERS]), eq(integrations.testStatus, "success")));

export async function syncCalendars(services: Services, log: Logger, now = new Date()): Promise<{ synced: number; canceled: number }> {
  const run = withProvidersOnce(services);
  const connected = await organizationsWithCalendars(run.db);
  // Bookings made before their calendar was connected are marked here too, should its connection not have marked them
  // (one connected before connecting marked them, or whose marking failed).
  for (const { organizationId } of connected) {
    for (const calendar of await connectedCalendars(run, organizationId)) await markUpcomingPending(run.db, organizationId, calendar.provider, now);
  }
  const synced = await syncPendingCopies(run, log);
  let canceled = 0;
  for (const { organizationId } of connected) {
    for (const calendar of await connectedCalendars(run, organizationId)) canceled += await pullCancellations(run, log, organizationId, calendar, now);
  }
  return { synced, canceled };
}

/** The business deleted some copies in this calendar: those appointments are canceled here too. */
async function pullCancellations(services: Services, log: Logger, organizationId: string, calendar: BusinessCalendar, now: Date): Promise<number> {
  const rows = await services.db
    .select({ appointment: appointments, eventId: copies.eventId })
    .from(copies)
    .innerJoin(appointments, eq(appointments.id, copies.appointmentId))
    .where(
      and(
        eq(copies.organizationId, organizationId),
        eq(copies.provider, calendar.provider),
        eq(copies.state, "synced"),
        isNotNull(copies.eventId),
        eq(appointments.status, "booked"),
        gt(appointments.endAt, now),
      ),
    )
    .limit(500);
  if (rows.length === 0) return 0;
  const starts = rows.map(({ appointment }) => appointment.startAt.getTime());
  const ends = rows.map(({ appointment }) => appointment.endAt.getTime());
  const gone = await calendar
    .canceled(
      rows.map((row) => row.eventId!),
      { start: new Date(Math.min(...starts)), end: new Date(Math.max(...ends)) },
    )
    .catch((error: unknown) => {
      log.warn("calendar_pull_failed", { organization_id: organizationId, provider: calendar.provider, error: String(error) });
      return new Set<string>();
    });
  let canceled = 0;
  for (const { appointment } of rows.filter((row) => gone.has(row.eventId!))) {
    if ((await cancel({ services, log }, { kind: "calendar", provider: calendar.provider }, appointment)).ok) canceled++;
  }
  return canceled;
}
