/**
 * The organization's connected calendars (issue 35 §7): Google Calendar and Cal.com, each one that is verified, built
 * from its sealed credentials. Found among the integration rows its provider accounts were read from
 * (services/providers.ts), so a call's tools do not read the integrations again for each check and booking.
 */
import { CALENDAR_PROVIDERS, type Interval } from "@nikki/core";
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

/** Every verified calendar among an organization's integration rows (one whose credentials no longer open counts as none). */
export async function calendarsAmong(db: Database, config: Config, rows: IntegrationRow[]): Promise<BusinessCalendar[]> {
  const calendars: BusinessCalendar[] = [];
  for (const provider of CALENDAR_PROVIDERS) {
    const row = rows.find((candidate) => candidate.provider === provider && candidate.testStatus === "success");
    const stored = row ? await openIntegration(db, config, row).catch(() => null) : null;
    if (stored) calendars.push(calendarOf(provider, config, stored.credentials));
  }
  return calendars;
}

/**
 * Busy blocks for availability, from every calendar at once; one that cannot be reached adds none (a booking made
 * meanwhile is held here and copied to it later), the others still count.
 */
export async function calendarBusy(calendars: BusinessCalendar[], log: Logger, organizationId: string, window: Interval): Promise<Interval[]> {
  const each = await Promise.all(
    calendars.map((calendar) =>
      calendar.busy(window).catch((error: unknown) => {
        log.warn("calendar_busy_unavailable", {
          organization_id: organizationId,
          provider: calendar.provider,
          error: error instanceof Error ? error.message : String(error),
        });
        return [];
      }),
    ),
  );
  return each.flat();
}
