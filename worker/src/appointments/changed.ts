/**
 * What follows every booking, move and cancellation, wherever it was made (a call, the manage page, the dashboard, a
 * calendar): the organization's open dashboards hear of it, the booked person is texted (unless they made the change
 * on the page that already shows it), and the connected calendar's copy is brought in line.
 */
import type { AppointmentTextKind } from "@nikki/core";
import type { Logger } from "../http/logger";
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
  return {
    db: services.db,
    secret,
    calendarBusy: async () => [],
  };
}

export async function appointmentChanged(
  services: Services,
  row: AppointmentRow,
  change: AppointmentChange,
  options: { text: boolean; from?: string | null; log: Logger },
): Promise<TextOutcome | null> {
  await services.publishAppointment(row.organizationId, { id: row.id, status: row.status });
  return options.text ? textAboutAppointment(services, row, TEXT_OF[change], options) : null;
}
