import { BLOCK_MESSAGES, BLOCKED_NUMBERS_MAX, OPERATOR_E164 } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { jsonList } from "../../db/json";
import { calls, organizationSettings, phoneNumbers } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { access, orgCaller } from "../../middleware/access";
import { settingsRowOf } from "../../org/settings";

/** The number that called (or was called by) the business on this call: the one "Block this number" blocks. */
async function callerNumberOf(c: Context<AppEnv>): Promise<string> {
  const { organizationId } = orgCaller(c);
  const [call] = await c.var.db
    .select({ direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber })
    .from(calls)
    .where(and(eq(calls.id, c.req.param("id") ?? ""), eq(calls.organizationId, organizationId)));
  if (!call) throw new ApiError("not_found", { message: "That call was not found." });
  const number = call.direction === "inbound" ? call.fromNumber : call.toNumber;
  if (!OPERATOR_E164.test(number)) throw new ApiError("validation_failed", { message: BLOCK_MESSAGES.noNumber });
  return number;
}

/** Writes the organization's blocked numbers with `number` added or taken out; answers the list as stored. */
async function setBlocked(c: Context<AppEnv>, number: string, blocked: boolean): Promise<string[]> {
  const { organizationId, userId, email } = orgCaller(c);
  const row = await settingsRowOf(c.var.db, organizationId);
  const current = jsonList(row.blockedNumbers);
  const next = blocked ? [...new Set([...current, number])] : current.filter((value) => value !== number);
  if (next.length > BLOCKED_NUMBERS_MAX) throw new ApiError("validation_failed", { message: BLOCK_MESSAGES.listFull });
  await c.var.db
    .update(organizationSettings)
    .set({ blockedNumbers: JSON.stringify(next) })
    .where(eq(organizationSettings.organizationId, organizationId));
  await audit(c, { action: blocked ? "number_blocked" : "number_unblocked", organizationId, actorUserId: userId, actorEmail: email, target: number });
  return next;
}

/**
 * "Block this number" on a call's detail (owners and admins; issue 37 §5): the caller's number joins Settings › Calls'
 * blocked numbers, or leaves them again (the undo). Answers `{blocked, number, message}`.
 */
export const callBlockRoutes = new Hono<AppEnv>()
  .post("/:id/block", access("admin"), async (c) => {
    const number = await callerNumberOf(c);
    const [own] = await c.var.db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.organizationId, orgCaller(c).organizationId), eq(phoneNumbers.twilioNumber, number)));
    if (own) throw new ApiError("validation_failed", { message: BLOCK_MESSAGES.ownNumber });
    await setBlocked(c, number, true);
    return c.json({ blocked: true, number, message: BLOCK_MESSAGES.blocked(number) });
  })
  .delete("/:id/block", access("admin"), async (c) => {
    const number = await callerNumberOf(c);
    await setBlocked(c, number, false);
    return c.json({ blocked: false, number, message: BLOCK_MESSAGES.unblocked(number) });
  });
