/**
 * A Cal.com API v2 simulator in its wire format, for the subset the product uses: `GET /v2/slots` (cal-api-version
 * 2024-09-04: free start times by date), event types (cal-api-version 2024-06-14: `GET /v2/event-types`, `GET
 * /v2/event-types/{id}`), and bookings (cal-api-version 2024-08-13): `POST /v2/bookings`, `GET
 * /v2/bookings?status=&afterStart=&beforeEnd=`, `POST /v2/bookings/{uid}/cancel`. Bearer API keys; errors in Cal.com's
 * envelope. A booking is titled as Cal.com titles it: the event type's own event name, or "{title} between {host} and
 * {attendee}"; its description is the `notes` booking field's response. Test controls: POST /__bookings (one the business took elsewhere), POST /__cancel (canceled in Cal.com),
 * GET /__bookings, GET /__received (the bookings made and canceled through the API: received.ts), POST /__faults
 * (faults.ts).
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { faultQueue } from "./faults";
import { listenLocal, readText, sendJson } from "./http";
import { receivedLog } from "./received";

export const CALCOM_EVENT_TYPE_ID = 1001;
const HOST = "Business";

/** The account's event types, as `GET /v2/event-types` lists them (the subset of fields the product reads). */
const EVENT_TYPES = [
  { id: CALCOM_EVENT_TYPE_ID, title: "30 Min Meeting", slug: "30min", lengthInMinutes: 30, eventName: null as string | null },
  { id: 1002, title: "15 Min Meeting", slug: "15min", lengthInMinutes: 15, eventName: null as string | null },
];
type EventType = (typeof EVENT_TYPES)[number];

/**
 * A booking's title as Cal.com makes it (packages/lib/event.ts getEventName): without an event name of the event type's
 * own, "{event type title} between {host} and {attendee}"; with one, its variables filled in, booking fields by name.
 */
export function calcomBookingTitle(eventType: EventType, attendee: string, responses: Record<string, string>): string {
  if (!eventType.eventName) return `${eventType.title} between ${HOST} and ${attendee}`;
  return eventType.eventName
    .replaceAll("{Event type title}", eventType.title)
    .replaceAll("{Scheduler}", attendee)
    .replaceAll("{Organiser}", HOST)
    .replace(/\{([^}]+)\}/g, (_, field: string) => responses[field] ?? "");
}

interface Booking {
  id: number;
  uid: string;
  title: string;
  description: string;
  status: "accepted" | "cancelled";
  start: string;
  end: string;
  duration: number;
  eventTypeId: number;
  attendees: { name: string; timeZone: string; phoneNumber?: string; language?: string; absent: boolean }[];
  metadata: Record<string, string>;
  bookingFieldsResponses: Record<string, string>;
  cancellationReason?: string;
  createdAt: string;
}

export interface CalcomSimulator {
  baseUrl: string;
  bookings: Map<string, Booking>;
  close(): Promise<void>;
}

export async function startCalcomSimulator(options: { port: number; apiKey: string }): Promise<CalcomSimulator> {
  const bookings = new Map<string, Booking>();
  const faults = faultQueue();
  const received = receivedLog();
  let nextId = 1;
  const error = (path: string, status: number, code: string, message: string) => ({
    status: "error",
    timestamp: new Date().toISOString(),
    path,
    error: { code, message },
  });
  const add = (input: {
    start: string;
    minutes: number;
    name: string;
    metadata?: Record<string, string>;
    responses?: Record<string, string>;
    attendee?: Booking["attendees"][number];
  }) => {
    const responses: Record<string, string> = { name: input.name, ...input.responses };
    const booking: Booking = {
      id: nextId++,
      uid: randomBytes(11).toString("base64url"),
      title: calcomBookingTitle(EVENT_TYPES[0]!, input.name, responses),
      description: responses.notes ?? "",
      status: "accepted",
      start: new Date(input.start).toISOString(),
      end: new Date(new Date(input.start).getTime() + input.minutes * 60_000).toISOString(),
      duration: input.minutes,
      eventTypeId: CALCOM_EVENT_TYPE_ID,
      attendees: [input.attendee ?? { name: input.name, timeZone: "UTC", absent: false }],
      metadata: input.metadata ?? {},
      bookingFieldsResponses: responses,
      createdAt: new Date().toISOString(),
    };
    bookings.set(booking.uid, booking);
    return booking;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const text = await readText(request);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (url.pathname === "/__bookings" && request.method === "GET") return sendJson(response, 200, [...bookings.values()]);
    if (url.pathname === "/__received") return sendJson(response, 200, received.list());
    if (url.pathname === "/__bookings")
      return sendJson(response, 201, add({ start: String(body.start), minutes: Number(body.minutes ?? 30), name: "Someone else" }));
    if (url.pathname === "/__cancel") {
      const booking = bookings.get(String(body.uid));
      if (booking) booking.status = "cancelled";
      return sendJson(response, booking ? 200 : 404, booking ?? {});
    }
    if (url.pathname === "/__faults" && request.method === "DELETE") return sendJson(response, 200, { pending: faults.clear() });
    if (url.pathname === "/__faults") return sendJson(response, 201, { pending: faults.add(body as { path: string; count: number }) });
    const fault = faults.take(url.pathname);
    if (fault) return sendJson(response, fault.status, error(url.pathname, fault.status, "InternalServerErrorException", "Internal server error"));
    if (request.headers.authorization !== `Bearer ${options.apiKey}`)
      return sendJson(response, 401, error(url.pathname, 401, "UnauthorizedException", "Invalid API Key"));

    if (request.method === "GET" && url.pathname === "/v2/event-types") return sendJson(response, 200, { status: "success", data: EVENT_TYPES });
    const eventType = /^\/v2\/event-types\/(\d+)$/.exec(url.pathname);
    if (request.method === "GET" && eventType) {
      const found = EVENT_TYPES.find((type) => type.id === Number(eventType[1]));
      if (!found) return sendJson(response, 404, error(url.pathname, 404, "NotFoundException", `Event type with id=${eventType[1]} not found`));
      return sendJson(response, 200, { status: "success", data: found });
    }
    if (request.method === "GET" && url.pathname === "/v2/slots") {
      if (Number(url.searchParams.get("eventTypeId")) !== CALCOM_EVENT_TYPE_ID)
        return sendJson(response, 404, error(url.pathname, 404, "NotFoundException", "Event type not found"));
      const [from, to] = [new Date(url.searchParams.get("start") ?? "").getTime(), new Date(url.searchParams.get("end") ?? "").getTime()];
      const data: Record<string, { start: string }[]> = {};
      for (let day = from; day <= to; day += 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        for (let minutes = 9 * 60; minutes < 17 * 60; minutes += 30) {
          const start = new Date(`${date}T00:00:00Z`).getTime() + minutes * 60_000;
          const taken = [...bookings.values()].some(
            (b) => b.status === "accepted" && new Date(b.start).getTime() < start + 1_800_000 && start < new Date(b.end).getTime(),
          );
          if (!taken) (data[date] ??= []).push({ start: new Date(start).toISOString() });
        }
      }
      return sendJson(response, 200, { status: "success", data });
    }
    if (request.method === "POST" && url.pathname === "/v2/bookings") {
      if (Number(body.eventTypeId) !== CALCOM_EVENT_TYPE_ID)
        return sendJson(response, 400, error(url.pathname, 400, "BadRequestException", "Event type not found"));
      const attendee = body.attendee as Booking["attendees"][number];
      const booking = add({
        start: String(body.start),
        minutes: Number(body.lengthInMinutes ?? 30),
        name: attendee?.name ?? "Attendee",
        metadata: (body.metadata as Record<string, string>) ?? {},
        responses: (body.bookingFieldsResponses as Record<string, string>) ?? {},
        attendee: { ...attendee, absent: false },
      });
      received.record({ action: "created", id: booking.uid, appointment_id: booking.metadata.nikki_appointment_id ?? null, start: booking.start });
      return sendJson(response, 201, { status: "success", data: booking });
    }
    if (request.method === "GET" && url.pathname === "/v2/bookings") {
      const status = url.searchParams.get("status");
      const after = url.searchParams.has("afterStart") ? new Date(url.searchParams.get("afterStart")!).getTime() : Number.NEGATIVE_INFINITY;
      const before = url.searchParams.has("beforeEnd") ? new Date(url.searchParams.get("beforeEnd")!).getTime() : Number.POSITIVE_INFINITY;
      const data = [...bookings.values()].filter(
        (b) =>
          (!status || (status === "cancelled" ? b.status === "cancelled" : b.status === "accepted")) &&
          new Date(b.start).getTime() >= after &&
          new Date(b.end).getTime() <= before,
      );
      const pagination = {
        totalItems: data.length,
        remainingItems: 0,
        returnedItems: data.length,
        itemsPerPage: 100,
        currentPage: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      };
      return sendJson(response, 200, { status: "success", data, pagination });
    }
    const cancel = /^\/v2\/bookings\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === "POST" && cancel) {
      const booking = bookings.get(cancel[1]!);
      if (!booking)
        return sendJson(response, 404, error(url.pathname, 404, "NotFoundException", `Booking with uid=${cancel[1]} was not found in the database`));
      Object.assign(booking, { status: "cancelled", cancellationReason: String(body.cancellationReason ?? "") });
      received.record({ action: "removed", id: booking.uid, appointment_id: booking.metadata.nikki_appointment_id ?? null, start: booking.start });
      return sendJson(response, 200, { status: "success", data: booking });
    }
    sendJson(response, 404, error(url.pathname, 404, "NotFoundException", `Cannot ${request.method} ${url.pathname}`));
  });
  const close = await listenLocal(server, options.port);
  return { baseUrl: `http://127.0.0.1:${options.port}`, bookings, close };
}
