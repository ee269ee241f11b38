/**
 * `POST /api/calls/:id/listen` (issue 56 §2): an owner or admin gets a ticket to the media plane's socket for the call's
 * audio, when the organization allows live listening (the agent then says the call may be monitored). The media
 * plane takes the ticket once, within a minute, and asks on each lease whether the member may still listen
 * (`allowedListeners`, from /internal/calls/:callSid/listeners). A call with MAX_LISTENERS listening already is refused
 * here (409 listeners_full), as the media plane says how many listen.
 */
import { LIVE_CALL_MESSAGES, LISTEN_MESSAGES, MAX_LISTENERS } from "@nikki/core";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { listenPath, mintListenTicket } from "../../call/listen-ticket";
import type { Database } from "../../db/client";
import { calls, members } from "../../db/schema";
import { ApiError } from "../../http/api-error";
import { access, orgCaller } from "../../middleware/access";
import { settingsRowOf } from "../../org/settings";
import { mediaPlane } from "../../voice/media-client";
import { liveCallOf, record } from "./live";

export const listenRoutes = new Hono<AppEnv>().post("/:id/listen", access("admin"), async (c) => {
  const call = await liveCallOf(c);
  const caller = orgCaller(c);
  const segment = await call.session.listenSegment();
  if (segment === "ended") throw new ApiError("call_ended");
  if (!(await settingsRowOf(c.var.db, caller.organizationId)).liveListening) throw new ApiError("forbidden", { message: LISTEN_MESSAGES.notAllowed });
  if (segment === "not_with_agent") throw new ApiError("conflict", { message: LIVE_CALL_MESSAGES.notWithAgent });
  // This origin's socket, handed to the media plane through its binding (app.ts): the dashboard's pages connect only
  // to their own origin (core/csp.ts), wherever the media plane takes Twilio's streams.
  const origin = c.var.config.publicOrigin;
  const secret = c.var.config.AUTH_SECRET;
  if (!origin || !secret) throw new ApiError("voice_bridge_unavailable");
  // The media plane refuses a socket past MAX_LISTENERS too (a ticket granted here may not be used yet): asking first
  // lets the page say so at once, and only a listen granted is audited.
  const listening = await mediaPlane(c.env.MEDIA, secret)
    .listening(call.callSid, segment)
    .catch(() => {
      throw new ApiError("voice_bridge_unavailable");
    });
  if (listening >= MAX_LISTENERS) throw new ApiError("listeners_full");
  const { ticket, expiresAt } = await mintListenTicket(secret, {
    callSid: call.callSid,
    segment,
    organizationId: caller.organizationId,
    userId: caller.userId,
  });
  await record(c, "call_listened", call.id);
  return c.json({
    url: `${origin.replace(/^http/, "ws")}${listenPath(call.callSid, segment)}?ticket=${ticket}`,
    expires_at: new Date(expiresAt).toISOString(),
  });
});

/**
 * Which of `userIds` may still listen to the call `callSid`: it is still in progress in the organization, which still
 * allows listening, and they are still its owners or admins.
 */
export async function allowedListeners(db: Database, callSid: string, organizationId: string, userIds: string[]): Promise<string[]> {
  const [call] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.callSid, callSid), eq(calls.organizationId, organizationId), eq(calls.status, "in-progress"), isNull(calls.endedAt)));
  if (!call || userIds.length === 0 || !(await settingsRowOf(db, organizationId)).liveListening) return [];
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.userId, userIds), inArray(members.role, ["owner", "admin"])));
  return rows.map((row) => row.userId);
}
