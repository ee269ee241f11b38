/**
 * Cal.com API v2 for one business (its API key and event type): its upcoming bookings are busy blocks, our bookings are
 * created on its event type with the booked person as attendee and canceled there, and its canceled bookings show
 * which of ours the business canceled in Cal.com. Test Connection reads the event type's free slots.
 */
import type { Interval } from "@nikki/core";
import type { Config } from "../../env";
import { outboundFetch } from "../outbound-fetch";
import { type BusinessCalendar, CalendarError, calendarJson } from "./calendar";

const NAME = "Cal.com";
const BOOKINGS_VERSION = "2024-08-13";
const SLOTS_VERSION = "2024-09-04";

interface CalBooking {
  uid: string;
  start: string;
  end: string;
  status: string;
}

export function calcomCalendar(config: Config, credentials: Record<string, string>): BusinessCalendar {
  const call = (path: string, version: string, init: RequestInit = {}) =>
    calendarJson(
      NAME,
      `${config.CALCOM_API_BASE}/v2${path}`,
      {
        ...init,
        headers: {
          authorization: `Bearer ${credentials.api_key ?? ""}`,
          "cal-api-version": version,
          ...(init.body ? { "content-type": "application/json" } : {}),
        },
      },
      outboundFetch,
    );
  const bookings = async (status: "upcoming" | "cancelled", window: Interval) => {
    const query = new URLSearchParams({ status, afterStart: window.start.toISOString(), beforeEnd: window.end.toISOString(), take: "250" });
    return ((await call(`/bookings?${query}`, BOOKINGS_VERSION)) as { data?: CalBooking[] }).data ?? [];
  };
  return {
    provider: "calcom",
    async busy(window) {
      return (await bookings("upcoming", window)).map((booking) => ({ start: new Date(booking.start), end: new Date(booking.end) }));
    },
    async add(row) {
      const body = {
        start: row.startAt.toISOString(),
        eventTypeId: Number(credentials.event_type_id),
        lengthInMinutes: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
        attendee: { name: row.name, timeZone: row.timeZone, phoneNumber: row.phone, language: row.language.slice(0, 2) },
        metadata: { nikki_appointment_id: row.id, confirmation_code: row.confirmationCode },
      };
      return ((await call("/bookings", BOOKINGS_VERSION, { method: "POST", body: JSON.stringify(body) })) as { data: { uid: string } }).data.uid;
    },
    async remove(uid) {
      try {
        await call(`/bookings/${encodeURIComponent(uid)}/cancel`, BOOKINGS_VERSION, {
          method: "POST",
          body: JSON.stringify({ cancellationReason: "Canceled in Nikki AI" }),
        });
      } catch (error) {
        if (!(error instanceof CalendarError && error.status === 404)) throw error;
      }
    },
    async canceled(uids, window) {
      const gone = new Set((await bookings("cancelled", window)).map((booking) => booking.uid));
      return new Set(uids.filter((uid) => gone.has(uid)));
    },
    async test() {
      const start = new Date().toISOString().slice(0, 10);
      const end = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const query = new URLSearchParams({ eventTypeId: credentials.event_type_id ?? "", start, end, timeZone: "UTC" });
      const { data = {} } = (await call(`/slots?${query}`, SLOTS_VERSION)) as { data?: Record<string, unknown[]> };
      const count = Object.values(data).reduce((sum, day) => sum + day.length, 0);
      return `Connected to Cal.com: ${count} free slot${count === 1 ? "" : "s"} on the event type in the next 7 days.`;
    },
  };
}
