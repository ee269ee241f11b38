/**
 * Connecting Google Calendar (issue 35 §7): OAuth 2 with the calendar.events and calendar.freebusy scopes (and the
 * account's e-mail, to name it on the card) and offline access. `POST …/connect` answers Google's consent URL with a signed state (organization, member, 10 minutes);
 * Google sends the browser back to `GET …/callback`, which exchanges the code for a refresh token, seals it like every
 * credential, tests it, has the organization's upcoming bookings copied there (calendar-connected.ts) and returns to
 * Integrations with the outcome in the query.
 */
import { GOOGLE_CALENDAR_SCOPES, GOOGLE_CONNECT_SCOPES, INTEGRATION_MESSAGES } from "@nikki/core";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { calendarOf } from "../../services/calendars";
import { googleAccountEmail, googleEndpoints, googleToken } from "../../services/calendars/google";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readIntegration, recordIntegrationTest, saveIntegration } from "../../services/integrations/store";
import { access, orgCaller } from "../../middleware/access";
import { purposeKey, toBase64Url } from "../../call/keyed-hash";
import { copyBookingsToConnected } from "./calendar-connected";

type Ctx = Context<AppEnv>;
const STATE_MS = 10 * 60_000;
const BACK = "/dashboard/integrations";

const redirectUri = (c: Ctx) => `${c.var.config.publicOrigin}/api/integrations/google_calendar/callback`;

async function signature(c: Ctx, payload: string) {
  const key = await purposeKey("google-calendar-state", c.var.config.AUTH_SECRET ?? "");
  return toBase64Url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload)));
}

/** The state names the organization and member that asked, and when it stops being accepted. */
async function stateFor(c: Ctx): Promise<string> {
  const caller = orgCaller(c);
  const payload = `${caller.organizationId}.${caller.userId}.${Date.now() + STATE_MS}`;
  return `${payload}.${await signature(c, payload)}`;
}

async function stateIsCallers(c: Ctx, state: string): Promise<boolean> {
  const parts = state.split(".");
  if (parts.length !== 4) return false;
  const [organizationId, userId, expires, signed] = parts as [string, string, string, string];
  const caller = orgCaller(c);
  return (
    signed === (await signature(c, `${organizationId}.${userId}.${expires}`)) &&
    organizationId === caller.organizationId &&
    userId === caller.userId &&
    Number(expires) > Date.now()
  );
}

export const googleCalendarRoutes = new Hono<AppEnv>()
  .post("/connect", access("admin"), async (c) => {
    const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, publicOrigin, AUTH_SECRET } = c.var.config;
    if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET || !publicOrigin || !AUTH_SECRET) {
      throw new ApiError("validation_failed", { message: INTEGRATION_MESSAGES.calendarNotConfigured });
    }
    const { authorization_endpoint } = await googleEndpoints(c.var.config).catch(() => {
      throw new ApiError("validation_failed", { message: INTEGRATION_MESSAGES.connectFailed("Google") });
    });
    const url = new URL(authorization_endpoint);
    for (const [key, value] of Object.entries({
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: redirectUri(c),
      response_type: "code",
      scope: GOOGLE_CONNECT_SCOPES.join(" "),
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: await stateFor(c),
    }))
      url.searchParams.set(key, value);
    return c.json({ authorization_url: url.href });
  })
  .get("/callback", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const code = c.req.query("code");
    if (!(await stateIsCallers(c, c.req.query("state") ?? ""))) return c.redirect(`${BACK}?calendar=expired`, 302);
    if (!code) return c.redirect(`${BACK}?calendar=denied`, 302);
    const granted = await googleToken(c.var.config, { grant_type: "authorization_code", code, redirect_uri: redirectUri(c) }).catch((error: unknown) => {
      c.var.log.warn("google_calendar_exchange_failed", { error: String(error) });
      return null;
    });
    if (!granted) return c.redirect(`${BACK}?calendar=failed`, 302);
    const scopes = (granted.scope ?? "").split(" ");
    if (!granted.refresh_token || !GOOGLE_CALENDAR_SCOPES.every((scope) => scopes.includes(scope))) return c.redirect(`${BACK}?calendar=scopes`, 302);
    // Which Google account it is, so the card can say so; a connection is made all the same when Google does not say.
    const email = await googleAccountEmail(c.var.config, granted.access_token).catch((error: unknown) => {
      c.var.log.warn("google_calendar_account_unknown", { error: String(error) });
      return null;
    });
    const credentials = { refresh_token: granted.refresh_token, calendar_id: "primary", ...(email ? { account_email: email } : {}) };
    await saveIntegration(c.var.db, c.var.config, caller.organizationId, "google_calendar", credentials);
    const stored = await readIntegration(c.var.db, c.var.config, caller.organizationId, "google_calendar");
    const tested = await calendarOf("google_calendar", c.var.config, credentials)
      .test()
      .then((message) => ({ success: true, message }))
      .catch((error: unknown) => ({ success: false, message: error instanceof Error ? error.message : INTEGRATION_MESSAGES.connectFailed("Google Calendar") }));
    if (stored) await recordIntegrationTest(c.var.db, stored.row, tested);
    if (tested.success) await copyBookingsToConnected(c, caller.organizationId, "google_calendar");
    await audit(c, {
      action: "calendar_connected",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: "google_calendar",
    });
    return c.redirect(`${BACK}?calendar=${tested.success ? "connected" : "failed"}`, 302);
  });
