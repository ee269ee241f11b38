/**
 * The organization's connected calendar (issue 35 §7): Google Calendar or Cal.com, whichever is verified (Google first),
 * built from its sealed credentials; null without one.
 */
import type { Interval } from "@nikki/core";
import type { Database } from "../../db/client";
import type { Config } from "../../env";
import type { Logger } from "../../logger";
import { integrationRows, openIntegration } from "../integrations/store";
import type { BusinessCalendar, CalendarProvider } from "./calendar";
import { calcomCalendar } from "./calcom";
import { googleCalendar } from "./google";

export function calendarOf(provider: CalendarProvider, config: Config, credentials: Record<string, string>): BusinessCalendar {
  return provider === "google_calendar" ? googleCalendar(config, credentials) : calcomCalendar(config, credentials);
}

export async function connectedCalendar(db: Database, config: Config, organizationId: string): Promise<BusinessCalendar | null> {
  const rows = await integrationRows(db, organizationId);
  for (const provider of ["google_calendar", "calcom"] as const) {
    const row = rows.find((candidate) => candidate.provider === provider && candidate.testStatus === "success");
    const stored = row ? await openIntegration(db, config, row).catch(() => null) : null;
    if (stored) return calendarOf(provider, config, stored.credentials);
  }
  return null;
}

/** Busy blocks for availability; a calendar that cannot be reached adds none (the booking is held here and synced later). */
export async function calendarBusy(db: Database, config: Config, log: Logger, organizationId: string, window: Interval): Promise<Interval[]> {
  const calendar = await connectedCalendar(db, config, organizationId).catch(() => null);
  if (!calendar) return [];
  try {
    return await calendar.busy(window);
  } catch (error) {
    log.warn("calendar_busy_unavailable", {
      organization_id: organizationId,
      provider: calendar.provider,
      error: error instanceof Error ? error.message : String(error),
    });
    return [];
  }
}
