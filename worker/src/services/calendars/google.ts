/**
 * Google Calendar API v3 for one business: an access token from its sealed refresh token (the refresh grant at the
 * token endpoint Google's discovery document names), freeBusy for busy blocks, and events insert / list / delete for
 * its bookings' copies. Access tokens are kept in memory until a minute before they expire.
 */
import type { Interval } from "@nikki/core";
import type { Config } from "../../env";
import { outboundFetch } from "../outbound-fetch";
import { type BusinessCalendar, CalendarError, calendarJson, descriptionOf, summaryOf } from "./calendar";

const NAME = "Google Calendar";
const accessTokens = new Map<string, { token: string; expiresAt: number }>();
type Endpoints = { authorization_endpoint: string; token_endpoint: string; userinfo_endpoint?: string };
const discovered = new Map<string, Promise<Endpoints>>();

/** Google's OAuth endpoints, from the discovery document sign-in uses too (read once per isolate). */
export function googleEndpoints(config: Config) {
  let endpoints = discovered.get(config.GOOGLE_DISCOVERY_URL);
  if (!endpoints) {
    endpoints = calendarJson(NAME, config.GOOGLE_DISCOVERY_URL, {}, outboundFetch) as Promise<Endpoints>;
    discovered.set(config.GOOGLE_DISCOVERY_URL, endpoints);
    endpoints.catch(() => discovered.delete(config.GOOGLE_DISCOVERY_URL));
  }
  return endpoints;
}

/** The OAuth token endpoint's answer to a grant (authorization code or refresh token). */
export async function googleToken(config: Config, grant: Record<string, string>) {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) throw new CalendarError(0, "Google sign-in is not configured on this server.");
  const { token_endpoint } = await googleEndpoints(config);
  const body = new URLSearchParams({ ...grant, client_id: config.GOOGLE_CLIENT_ID, client_secret: config.GOOGLE_CLIENT_SECRET });
  return (await calendarJson(
    NAME,
    token_endpoint,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body },
    outboundFetch,
  )) as {
    access_token: string;
    expires_in: number;
    scope?: string;
    refresh_token?: string;
  };
}

/**
 * The Google account a connection was made with (its e-mail, which is also its primary calendar's id), from the
 * userinfo endpoint the discovery document names, with the access token the code was exchanged for (the connection
 * asks for the `email` scope); null when Google does not say.
 */
export async function googleAccountEmail(config: Config, accessToken: string): Promise<string | null> {
  const { userinfo_endpoint } = await googleEndpoints(config);
  if (!userinfo_endpoint) return null;
  const info = (await calendarJson(NAME, userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } }, outboundFetch)) as { email?: unknown };
  return typeof info.email === "string" && info.email.includes("@") ? info.email : null;
}

async function accessToken(config: Config, refreshToken: string): Promise<string> {
  const held = accessTokens.get(refreshToken);
  if (held && held.expiresAt > Date.now()) return held.token;
  const answer = await googleToken(config, { grant_type: "refresh_token", refresh_token: refreshToken });
  accessTokens.set(refreshToken, { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in - 60) * 1000 });
  return answer.access_token;
}

export function googleCalendar(config: Config, credentials: Record<string, string>): BusinessCalendar {
  const calendarId = encodeURIComponent(credentials.calendar_id || "primary");
  const base = `${config.GOOGLE_CALENDAR_API_BASE}/calendar/v3`;
  const call = async (path: string, init: RequestInit = {}) => {
    const token = await accessToken(config, credentials.refresh_token ?? "");
    const headers = { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) };
    return calendarJson(NAME, `${base}${path}`, { ...init, headers }, outboundFetch);
  };
  const busy = async (window: Interval) => {
    const body = { timeMin: window.start.toISOString(), timeMax: window.end.toISOString(), items: [{ id: credentials.calendar_id || "primary" }] };
    const answer = (await call("/freeBusy", { method: "POST", body: JSON.stringify(body) })) as {
      calendars?: Record<string, { busy?: { start: string; end: string }[] }>;
    };
    return Object.values(answer.calendars ?? {}).flatMap((calendar) =>
      (calendar.busy ?? []).map((block) => ({ start: new Date(block.start), end: new Date(block.end) })),
    );
  };
  return {
    provider: "google_calendar",
    busy,
    async add(row) {
      const event = {
        summary: summaryOf(row),
        description: descriptionOf(row),
        start: { dateTime: row.startAt.toISOString(), timeZone: row.timeZone },
        end: { dateTime: row.endAt.toISOString(), timeZone: row.timeZone },
        extendedProperties: { private: { nikki: "1", nikki_appointment_id: row.id } },
      };
      return ((await call(`/calendars/${calendarId}/events`, { method: "POST", body: JSON.stringify(event) })) as { id: string }).id;
    },
    async remove(eventId) {
      try {
        await call(`/calendars/${calendarId}/events/${encodeURIComponent(eventId)}`, { method: "DELETE" });
      } catch (error) {
        if (!(error instanceof CalendarError && (error.status === 404 || error.status === 410))) throw error;
      }
    },
    async canceled(eventIds, window) {
      const query = new URLSearchParams({
        timeMin: window.start.toISOString(),
        timeMax: window.end.toISOString(),
        showDeleted: "true",
        singleEvents: "true",
        privateExtendedProperty: "nikki=1",
        maxResults: "2500",
      });
      const { items = [] } = (await call(`/calendars/${calendarId}/events?${query}`)) as { items?: { id: string; status: string }[] };
      const live = new Set(items.filter((item) => item.status !== "cancelled").map((item) => item.id));
      return new Set(eventIds.filter((id) => !live.has(id)));
    },
    async test() {
      const now = Date.now();
      const blocks = await busy({ start: new Date(now), end: new Date(now + 7 * 86_400_000) });
      return `Connected to Google Calendar: ${blocks.length} busy block${blocks.length === 1 ? "" : "s"} in the next 7 days.`;
    },
  };
}
