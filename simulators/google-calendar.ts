/**
 * A Google Calendar API v3 simulator in its wire format, for the subset the product uses: `POST /calendar/v3/freeBusy`,
 * and a calendar's `events` (insert, list with timeMin/timeMax/showDeleted/privateExtendedProperty, delete: 204, then
 * 410 Gone). Access tokens are the OIDC simulator's (oidc.ts), checked for the calendar scopes each call needs; errors
 * in Google's envelope. Test controls: POST /__busy (an event the business made itself), POST /__delete (the business
 * deletes an event in Google), GET /__events, GET /__received (the events made and deleted through the API: received.ts),
 * POST /__faults (faults.ts).
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { faultQueue } from "./faults";
import { listenLocal, readText, sendJson } from "./http";
import { receivedLog } from "./received";

export const CALENDAR_SCOPES = {
  events: "https://www.googleapis.com/auth/calendar.events",
  freebusy: "https://www.googleapis.com/auth/calendar.freebusy",
} as const;

interface CalendarEvent {
  kind: "calendar#event";
  etag: string;
  id: string;
  status: "confirmed" | "cancelled";
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  iCalUID: string;
  sequence: number;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  reminders: { useDefault: boolean };
  eventType: "default";
}

export interface GoogleCalendarSimulator {
  baseUrl: string;
  events: Map<string, CalendarEvent>;
  close(): Promise<void>;
}

const googleError = (code: number, message: string, reason: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }], status },
});

export async function startGoogleCalendarSimulator(options: {
  port: number;
  /** The scopes an access token was granted (the OIDC simulator's), or null for an unknown token. */
  scopesOf(token: string): string[] | null;
}): Promise<GoogleCalendarSimulator> {
  const events = new Map<string, CalendarEvent>();
  const faults = faultQueue();
  const received = receivedLog();
  const appointmentOf = (event: CalendarEvent) => event.extendedProperties?.private?.nikki_appointment_id ?? null;
  const newEvent = (input: Partial<CalendarEvent> & Pick<CalendarEvent, "start" | "end">): CalendarEvent => {
    const id = randomBytes(13).toString("hex");
    const now = new Date().toISOString();
    return {
      kind: "calendar#event",
      etag: `"${Date.now()}"`,
      id,
      status: "confirmed",
      htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
      created: now,
      updated: now,
      iCalUID: `${id}@google.com`,
      sequence: 0,
      reminders: { useDefault: true },
      eventType: "default",
      ...input,
    };
  };
  const overlaps = (event: CalendarEvent, from: number, to: number) =>
    new Date(event.start.dateTime).getTime() < to && from < new Date(event.end.dateTime).getTime();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const text = await readText(request);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (url.pathname === "/__events") return sendJson(response, 200, [...events.values()]);
    if (url.pathname === "/__received") return sendJson(response, 200, received.list());
    if (url.pathname === "/__faults" && request.method === "DELETE") return sendJson(response, 200, { pending: faults.clear() });
    if (url.pathname === "/__faults") return sendJson(response, 201, { pending: faults.add(body as { path: string; count: number }) });
    if (url.pathname === "/__busy") {
      const event = newEvent({ summary: String(body.summary ?? "Busy"), start: { dateTime: String(body.start) }, end: { dateTime: String(body.end) } });
      events.set(event.id, event);
      return sendJson(response, 201, event);
    }
    if (url.pathname === "/__delete") {
      const event = events.get(String(body.id));
      if (event) Object.assign(event, { status: "cancelled", updated: new Date().toISOString() });
      return sendJson(response, event ? 200 : 404, event ?? {});
    }
    const fault = faults.take(url.pathname);
    if (fault) return sendJson(response, fault.status, googleError(fault.status, "Backend Error", "backendError", "UNAVAILABLE"));
    const scopes = options.scopesOf(request.headers.authorization?.replace(/^Bearer /, "") ?? "");
    if (!scopes) {
      const message = "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.";
      return sendJson(response, 401, googleError(401, message, "authError", "UNAUTHENTICATED"));
    }
    const needs = (scope: string) => scopes.includes(scope) || scopes.includes("https://www.googleapis.com/auth/calendar");
    const insufficient = () =>
      sendJson(response, 403, googleError(403, "Request had insufficient authentication scopes.", "insufficientPermissions", "PERMISSION_DENIED"));

    if (request.method === "POST" && url.pathname === "/calendar/v3/freeBusy") {
      if (!needs(CALENDAR_SCOPES.freebusy) && !needs(CALENDAR_SCOPES.events)) return insufficient();
      const [from, to] = [new Date(String(body.timeMin)).getTime(), new Date(String(body.timeMax)).getTime()];
      const items = (body.items as { id: string }[] | undefined) ?? [];
      const busy = [...events.values()]
        .filter((event) => event.status === "confirmed" && overlaps(event, from, to))
        .map((event) => ({ start: event.start.dateTime, end: event.end.dateTime }));
      return sendJson(response, 200, {
        kind: "calendar#freeBusy",
        timeMin: body.timeMin,
        timeMax: body.timeMax,
        calendars: Object.fromEntries(items.map((item) => [item.id, { busy }])),
      });
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return sendJson(response, 404, googleError(404, "Not Found", "notFound", "NOT_FOUND"));
    if (!needs(CALENDAR_SCOPES.events)) return insufficient();
    const eventId = match[2];
    if (request.method === "POST" && !eventId) {
      const event = newEvent(body as Partial<CalendarEvent> & Pick<CalendarEvent, "start" | "end">);
      events.set(event.id, event);
      received.record({ action: "created", id: event.id, appointment_id: appointmentOf(event), start: event.start.dateTime });
      return sendJson(response, 200, event);
    }
    if (request.method === "GET" && !eventId) {
      const from = url.searchParams.has("timeMin") ? new Date(url.searchParams.get("timeMin")!).getTime() : Number.NEGATIVE_INFINITY;
      const to = url.searchParams.has("timeMax") ? new Date(url.searchParams.get("timeMax")!).getTime() : Number.POSITIVE_INFINITY;
      const showDeleted = url.searchParams.get("showDeleted") === "true";
      const [key, value] = (url.searchParams.get("privateExtendedProperty") ?? "").split("=");
      const items = [...events.values()].filter(
        (event) => overlaps(event, from, to) && (showDeleted || event.status !== "cancelled") && (!key || event.extendedProperties?.private?.[key] === value),
      );
      return sendJson(response, 200, {
        kind: "calendar#events",
        summary: "primary",
        updated: new Date().toISOString(),
        timeZone: "UTC",
        accessRole: "owner",
        items,
      });
    }
    const event = eventId ? events.get(eventId) : undefined;
    if (request.method === "DELETE" && eventId) {
      if (!event) return sendJson(response, 404, googleError(404, "Not Found", "notFound", "NOT_FOUND"));
      if (event.status === "cancelled") return sendJson(response, 410, googleError(410, "Resource has been deleted", "deleted", "GONE"));
      Object.assign(event, { status: "cancelled", updated: new Date().toISOString() });
      received.record({ action: "removed", id: event.id, appointment_id: appointmentOf(event), start: event.start.dateTime });
      response.writeHead(204);
      return void response.end();
    }
    sendJson(response, 404, googleError(404, "Not Found", "notFound", "NOT_FOUND"));
  });
  const close = await listenLocal(server, options.port);
  return { baseUrl: `http://127.0.0.1:${options.port}`, events, close };
}
