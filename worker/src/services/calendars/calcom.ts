/**
 * Cal.com API v2 for one business (its API key and event type): its upcoming bookings are busy blocks, our bookings are
 * created on its event type with the booked person as attendee and canceled there, and its canceled bookings show
 * which of ours the business canceled in Cal.com. Test Connection names the event type and reads its free slots.
 *
 * A booking request cannot set its title: Cal.com titles a booking from its event type ("{event type} between {host}
 * and {attendee}", or the event type's own event name). So the caller is the attendee, and the service, phone and
 * confirmation code go in the `notes` booking field, which Cal.com shows as the booking's description (and an event
 * name may use as {notes}).
 */
import type { Interval } from "@nikki/core";
import type { Config } from "../../env";
import { outboundFetch } from "../outbound-fetch";
import { type BusinessCalendar, CalendarError, calendarJson, descriptionOf, summaryOf } from "./calendar";

const NAME = "Cal.com";
const BOOKINGS_VERSION = "2024-08-13";
const SLOTS_VERSION = "2024-09-04";
const EVENT_TYPES_VERSION = "2024-06-14";

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
        bookingFieldsResponses: { notes: `${summaryOf(row)}\n${descriptionOf(row)}` },
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
      const eventTypeId = encodeURIComponent(credentials.event_type_id ?? "");
      const { data: eventType } = (await call(`/event-types/${eventTypeId}`, EVENT_TYPES_VERSION)) as { data: { title: string } };
      const start = new Date().toISOString().slice(0, 10);
      const end = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const query = new URLSearchParams({ eventTypeId: credentials.event_type_id ?? "", start, end, timeZone: "UTC" });
      const { data = {} } = (await call(`/slots?${query}`, SLOTS_VERSION)) as { data?: Record<string, unknown[]> };
      const count = Object.values(data).reduce((sum, day) => sum + day.length, 0);
      return `Connected to Cal.com: bookings are copied to your “${eventType.title}” event type, ${count} free slot${count === 1 ? "" : "s"} on it in the next 7 days.`;
    },
  };
}
