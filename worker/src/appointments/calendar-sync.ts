/**
 * The calendar cron (every 15 minutes, issue 35 §7): copies still to make because a provider was down
 * (calendar-copies.ts), then the copies the business deleted in its calendar, whose appointments are canceled here
 * through the commands (the booked person is told once).
 */
import { and, asc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { appointments, integrations } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { connectedCalendar, syncToCalendar } from "./calendar-copies";
import { cancel } from "./commands";

const BATCH = 100;

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
    if ((await cancel({ services, log }, { kind: "calendar", provider: calendar.provider }, row)).ok) canceled++;
  }
  return canceled;
}
