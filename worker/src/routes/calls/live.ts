/**
 * Calls as they happen (issue 56), for owners and admins: `GET /api/calls/live` (Live now), and for one call in
 * progress `GET /:id/live` (the live view's start, or with an upgrade its WebSocket, served by the call's CallSession),
 * `POST /:id/note` (a note to the agent), `/:id/take-over` (the owner's phone, through the warm transfer) and `/:id/end`.
 * A call of another organization is not found; one that is over answers 409 call_ended. Each is audited.
 */
import { LIVE_CALL_MESSAGES, NOTES_PER_CALL, type OwnerNote, type TakeOverInput, liveNoteSchema, takeOverSchemaIn } from "@nikki/core";
import { and, eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { guardedNote } from "../../agent/instruction-guard";
import { type AuditAction, audit } from "../../audit";
import { calls, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { selfOrigin } from "../../middleware/access/request-auth";
import { access, orgCaller } from "../../middleware/access";
import { type MemberPhoneRules, memberPhoneRules } from "../../org/member-phone";
import type { OwnerAnswer } from "../../rpc/call-session";
import { liveCalls } from "./live-list";
import { ownerNotesOf } from "./owner-notes";

/** The organization's call `:id`, refused unless it is still in progress. */
export async function liveCallOf(c: Context<AppEnv>) {
  const [call] = await c.var.db
    .select({ id: calls.id, callSid: calls.callSid, status: calls.status, endedAt: calls.endedAt, durationSeconds: calls.durationSeconds })
    .from(calls)
    .where(and(eq(calls.id, c.req.param("id") ?? ""), eq(calls.organizationId, orgCaller(c).organizationId)));
  if (!call) throw new ApiError("not_found", { message: "That call was not found." });
  if (call.status !== "in-progress" || call.endedAt || call.durationSeconds !== null) throw new ApiError("call_ended");
  return { ...call, session: c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(call.callSid)) };
}

/** The call's answer to an owner's command, as the API says it when it could not take it. */
function refuseUnlessTaken(answer: OwnerAnswer): void {
  if (answer === "taken") return;
  if (answer === "ended") throw new ApiError("call_ended");
  const message = {
    not_with_agent: LIVE_CALL_MESSAGES.notWithAgent,
    already_transferred: LIVE_CALL_MESSAGES.alreadyTransferred,
    unavailable: LIVE_CALL_MESSAGES.unavailable,
  }[answer];
  throw new ApiError("conflict", { message });
}

export const record = (c: Context<AppEnv>, action: AuditAction, callId: string, details?: Record<string, unknown>) => {
  const caller = orgCaller(c);
  return audit(c, { action, organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email, target: callId, details });
};

/**
 * The member's phone for a take-over: the one typed (read in the organization's region; kept on their profile when
 * they ask), else the profile's (Settings › My phone); either passes the organization's rule of where calls may go.
 */
async function ownerPhone(c: Context<AppEnv>, input: TakeOverInput, rules: MemberPhoneRules): Promise<{ number: string; name: string }> {
  const caller = orgCaller(c);
  const [user] = await c.var.db.select({ phone: users.phone, name: users.name }).from(users).where(eq(users.id, caller.userId));
  const phone = input.number ?? user?.phone;
  if (!phone) throw new ApiError("validation_failed", { fields: { number: LIVE_CALL_MESSAGES.phoneNeeded } });
  const number = rules.allowed(phone, "number");
  if (input.save_to_profile && input.number && number !== user?.phone) await c.var.db.update(users).set({ phone: number }).where(eq(users.id, caller.userId));
  const name = user?.name.trim().split(/\s+/)[0] || caller.email.split("@")[0] || "the owner";
  return { number, name };
}

/** Matched before `/api/calls/:id` (callRoutes mounts these first), so "live" is never read as a call's id. */
export const liveCallRoutes = new Hono<AppEnv>()
  .get("/live", access("admin"), async (c) => c.json({ calls: await liveCalls(c.var.db, orgCaller(c).organizationId) }))
  .get("/:id/live", access("admin"), async (c) => {
    const call = await liveCallOf(c);
    if (c.req.header("upgrade")?.toLowerCase() === "websocket") {
      // A browser sends the cookie on a cross-site WebSocket too: only this site's pages may open it.
      if (c.req.header("origin") !== selfOrigin(c)) throw new ApiError("forbidden", { message: "Live calls are only for this site's dashboard." });
      const upgraded = await call.session.fetch(c.req.raw);
      return new Response(null, { status: upgraded.status, webSocket: upgraded.webSocket, headers: new Headers(upgraded.headers) });
    }
    const view = await call.session.liveView();
    await record(c, "call_watched", call.id);
    return c.json(view);
  })
  .post("/:id/note", access("admin"), async (c) => {
    const { text } = await parseBody(c, liveNoteSchema, "a field of a note");
    const call = await liveCallOf(c);
    const [kept] = await c.var.db.select({ notes: calls.ownerNotes }).from(calls).where(eq(calls.id, call.id));
    if (ownerNotesOf(kept?.notes ?? null).length >= NOTES_PER_CALL) throw new ApiError("rate_limited", { message: LIVE_CALL_MESSAGES.tooManyNotes });
    refuseUnlessTaken(await call.session.owner({ kind: "note", text, instructions: guardedNote(text) }));
    const caller = orgCaller(c);
    const note: OwnerNote = { id: crypto.randomUUID(), text, at: new Date().toISOString(), by: caller.name || caller.email };
    await c.var.db
      .update(calls)
      .set({ ownerNotes: sql`json_insert(coalesce(${calls.ownerNotes}, '[]'), '$[#]', json(${JSON.stringify(note)}))` })
      .where(eq(calls.id, call.id));
    await record(c, "call_note_sent", call.id);
    return c.json({ note: { id: note.id, text: note.text, at: note.at } }, 201);
  })
  .post("/:id/take-over", access("admin"), async (c) => {
    const rules = await memberPhoneRules(c.var.db, orgCaller(c).organizationId);
    const input = await parseBody(c, takeOverSchemaIn(rules.region), "a field of a take-over");
    const call = await liveCallOf(c);
    const owner = await ownerPhone(c, input, rules);
    refuseUnlessTaken(await call.session.owner({ kind: "take_over", ...owner }));
    await record(c, "call_taken_over", call.id, { number: owner.number });
    return c.json({ state: "ringing" as const }, 202);
  })
  .post("/:id/end", access("admin"), async (c) => {
    const call = await liveCallOf(c);
    refuseUnlessTaken(await call.session.owner({ kind: "end" }));
    await record(c, "call_ended_by_owner", call.id);
    return c.json({ state: "ending" as const }, 202);
  });
