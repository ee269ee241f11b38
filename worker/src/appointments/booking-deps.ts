/** The booking operations' dependencies on an entry point's services: the database, the manage links' secret, and the busy times of every connected calendar. */
import { createLogger, type LogLevel } from "../logger";
import { ApiError } from "../http/api-error";
import type { Services } from "../services";
import { calendarBusy } from "../services/calendars";
import { connectedCalendars } from "./calendar-copies";
import type { BookingDeps } from "./store";

export function bookingDepsOf(services: Services): BookingDeps {
  const secret = services.config.AUTH_SECRET;
  if (!secret) throw new ApiError("auth_unavailable");
  const log = createLogger({ component: "calendars" }, services.config.LOG_LEVEL as LogLevel);
  return {
    db: services.db,
    secret,
    calendarBusy: async (organizationId, window) => calendarBusy(await connectedCalendars(services, organizationId), log, organizationId, window),
  };
}
