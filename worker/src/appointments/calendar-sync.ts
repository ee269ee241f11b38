/**
 * The calendar cron (every 15 minutes, issue 35 §7): copies still to make because a calendar could not be reached
 * (calendar-copies.ts), then, in each connected calendar, the copies the business deleted there, whose appointments
 * are canceled here through the commands (the booked person is told once, the other calendars' copies removed).
 */
import { CALENDAR_PROVIDERS } from "@nikki/core";
import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { appointmentCalendarCopies as copies, appointments, integrations } from "../db/schema";
import type { Logger } from "../logger";
import { type Services, withProvidersOnce } from "../services";
import type { BusinessCalendar } from "../services/calendars/calendar";
import { connectedCalendars, syncCopy } from "./calendar-copies";
import { cancel } from "./commands";

const BATCH = 100;

/** A calendar's copies are verified and connected while its integration is. */
const verifiedCalendar = and(
  eq(integrations.organizationId, copies.organizationId),
  eq(integrations.provider, copies.provider),
  eq(integrations.testStatus, "success"),
);

export async function syncCalendars(services: Services, log: Logger, now = new Date()): Promise<{ synced: number; canceled: number }> {
  const run = withProvidersOnce(services);
  const { db } = run;
  // Oldest first; a failed try updates its copy, so one calendar that stays down never keeps the others waiting.
  const pending = await db
    .select({ copy: copies, appointment: appointments })
    .from(copies)
    .innerJoin(appointments, eq(appointments.id, copies.appointmentId))
    .innerJoin(integrations, verifiedCalendar)
    .where(eq(copies.state, "pending"))
    .orderBy(asc(copies.updatedAt))
    .limit(BATCH);
  let synced = 0;
  // A calendar that failed once this run is not tried again until the next (each try may wait out its timeout).
  const down = new Set<string>();
  for (const { copy, appointment } of pending) {
    const key = `${copy.organizationId}:${copy.provider}`;
    if (down.has(key)) continue;
    const calendar = (await connectedCalendars(run, copy.organizationId)).find((candidate) => candidate.provider === copy.provider);
    if (!calendar) continue;
    if (await syncCopy(run, log, calendar, appointment, copy)) synced++;
    else down.add(key);
  }
  let canceled = 0;
  const connected = await db
    .selectDistinct({ organizationId: integrations.organizationId })
    .from(integrations)
    .where(and(inArray(integrations.provider, [...CALENDAR_PROVIDERS]), eq(integrations.testStatus, "success")));
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
