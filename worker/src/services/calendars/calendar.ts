/** A business's connected calendar, whichever provider it is: what availability and bookings need of it. */
import type { CalendarProvider, Interval } from "@nikki/core";
import type { appointments } from "../../db/schema";

/** A booking as stored: what a calendar copy is made from. */
type AppointmentRow = typeof appointments.$inferSelect;

export type { CalendarProvider };

export interface BusinessCalendar {
  provider: CalendarProvider;
  /** Busy blocks in a window (the business's own events, and our bookings' copies). */
  busy(window: Interval): Promise<Interval[]>;
  /** Adds an appointment with the booked person's details; answers its id there. */
  add(row: AppointmentRow): Promise<string>;
  /** Removes an appointment's copy; one already gone counts as removed. */
  remove(eventId: string): Promise<void>;
  /** Of these copies, the ones deleted or canceled there (the business canceled in its own calendar). */
  canceled(eventIds: string[], window: Interval): Promise<Set<string>>;
  /** Test Connection: one real read, described for the toast. */
  test(): Promise<string>;
}

/** A provider's refusal or failure, with its status (0: no answer), in words safe to show. */
export class CalendarError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Every calendar request gives up after this long: a booking never waits on a provider that hangs. */
export const CALENDAR_TIMEOUT_MS = 4_000;

export async function calendarJson(provider: string, url: string, init: RequestInit, fetcher: typeof fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(CALENDAR_TIMEOUT_MS) });
  } catch (error) {
    throw new CalendarError(0, `${provider} did not answer (${error instanceof Error ? error.name : "error"}).`);
  }
  const text = await response.text();
  if (!response.ok) {
    let reason = "";
    try {
      const body = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string };
      reason = typeof body.error === "string" ? (body.error_description ?? body.error) : (body.error?.message ?? "");
    } catch {}
    throw new CalendarError(response.status, `${provider}: ${reason.slice(0, 160) || "refused"} (${response.status})`);
  }
  return text ? (JSON.parse(text) as unknown) : null;
}

export const summaryOf = (row: AppointmentRow) => `${row.serviceName}: ${row.name}`;
export const descriptionOf = (row: AppointmentRow) =>
  [`Phone: ${row.phone}`, `Confirmation code: ${row.confirmationCode}`, row.notes ? `Notes: ${row.notes}` : "", "Booked with Nikki AI"]
    .filter(Boolean)
    .join("\n");
