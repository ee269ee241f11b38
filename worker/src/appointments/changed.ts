/**
 * What follows every booking, move and cancellation, wherever it was made (a call, the manage page, the dashboard, a
 * calendar): the organization's open dashboards hear of it, the booked person is texted (unless they made the change
 * on the page that already shows it), and the connected calendar's copy is brought in line.
 */
import type { AppointmentTextKind } from "@nikki/core";
import { calendarBusy } from "../services/calendars";
import { connectedCalendar, syncToCalendar } from "./calendar-sync";
import { type LogLevel, type Logger, createLogger } from "../logger";
import { ApiError } from "../http/api-error";
import type { Services } from "../services";
import { type TextOutcome, textAboutAppointment } from "./notify";
import type { AppointmentRow, BookingDeps } from "./store";

export type AppointmentChange = "booked" | "rescheduled" | "canceled";

const TEXT_OF: Record<AppointmentChange, AppointmentTextKind> = { booked: "confirmed", rescheduled: "rescheduled", canceled: "canceled" };

/** The booking operations' dependencies on an entry point's services. */
export function bookingDepsOf(services: Services): BookingDeps {
  const secret = services.config.AUTH_SECRET;
  if (!secret) throw new ApiError("auth_unavailable");
  const log = createLogger({ component: "calendars" }, services.config.LOG_LEVEL as LogLevel);
  return {
    db: services.db,
    secret,
    calendarBusy: async (organizationId, window) => calendarBusy(await connectedCalendar(services, organizationId), log, organizationId, window),
  };
}

export async function appointmentChanged(
  services: Services,
  row: AppointmentRow,
  change: AppointmentChange,
  /**
   * `from`: the number the text goes from; `business`: the organization's name, and `dashboardsOpen`: whether anybody
   * watches its live channel (else nobody is told), when the caller has read them already.
   */
  options: { text: boolean; from?: string | null; business?: string; dashboardsOpen?: boolean; log: Logger },
): Promise<TextOutcome | null> {
  if (options.dashboardsOpen !== false) await services.publishAppointment(row.organizationId, { id: row.id, status: row.status });
  const texted = options.text ? await textAboutAppointment(services, row, TEXT_OF[change], options) : null;
  await syncToCalendar(services, row, options.log);
  return texted;
}
