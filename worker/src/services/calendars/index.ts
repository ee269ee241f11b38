/**
 * The organization's connected calendar (issue 35 §7): Google Calendar or Cal.com, whichever is verified (Google first),
 * built from its sealed credentials; null without one. Found among the integration rows its provider accounts were
 * read from (services/providers.ts), so a call's tools do not read the integrations again for each check and booking.
 */
import type { Interval } from "@nikki/core";
import type { Database } from "../../db/client";
import type { Config } from "../../env";
import type { Logger } from "../../logger";
import { type IntegrationRow, openIntegration } from "../integrations/store";
import type { BusinessCalendar, CalendarProvider } from "./calendar";
import { calcomCalendar } from "./calcom";
import { googleCalendar } from "./google";

export function calendarOf(provider: CalendarProvider, config: Config, credentials: Record<string, string>): BusinessCalendar {
  return provider === "google_calendar" ? googleCalendar(config, credentials) : calcomCalendar(config, credentials);
}

/** The verified calendar among an organization's integration rows; null when none opens. */
export async function calendarAmong(db: Database, config: Config, rows: IntegrationRow[]): Promise<BusinessCalendar | null> {
  for (const provider of ["google_calendar", "calcom"] as const) {
    const row = rows.find((candidate) => candidate.provider === provider && candidate.testStatus === "success");
    const stored = row ? await openIntegration(db, config, row).catch(() => null) : null;
    if (stored) return calendarOf(provider, config, stored.credentials);
  }
  return null;
}

/** Busy blocks for availability; a calendar that cannot be reached adds none (the booking is held here and synced later). */
export async function calendarBusy(calendar: BusinessCalendar | null, log: Logger, organizationId: string, window: Interval): Promise<Interval[]> {
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
