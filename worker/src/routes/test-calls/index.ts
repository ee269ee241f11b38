import { TEST_CALL_MESSAGES, answeredByMessage, checkDestination, testCallSchemaIn } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { jsonList } from "../../db/json";
import { agents, calls, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { regionOf, settingsRowOf } from "../../org/settings";
import { dialOut } from "../../demo-calls/place";

/**
 * A test call from the dashboard: rings the signed-in user's own phone (given once, then kept on their profile)
 * from `from`, answered by `agentId` exactly as a caller would be. The destination passes the organization's rule.
 */
export async function placeTestCall(c: Context<AppEnv>, line: { from: string; agentId: string }): Promise<{ call_sid: string; to: string; from: string }> {
  const caller = orgCaller(c);
  const settings = await settingsRowOf(c.var.db, caller.organizationId);
  const input = await parseBody(c, testCallSchemaIn(regionOf(settings)), "a field of a test call");
  const [user] = await c.var.db.select({ phone: users.phone }).from(users).where(eq(users.id, caller.userId));
  const phone = input.phone ?? user?.phone;
  if (!phone) throw new ApiError("validation_failed", { fields: { phone: TEST_CALL_MESSAGES.phoneNeeded } });
  const destination = checkDestination(phone, jsonList(settings.allowedCountries));
  if (!destination.ok) throw new ApiError(destination.code, { message: destination.message });
  if (input.phone && input.phone !== user?.phone) await c.var.db.update(users).set({ phone: destination.e164 }).where(eq(users.id, caller.userId));
  const callSid = await dialOut(
    { services: c.var.services, origin: c.var.config.publicOrigin ?? null, log: c.var.log },
    { organizationId: caller.organizationId, from: line.from, agentId: line.agentId, to: destination.e164, purpose: "test_call" },
  );
  return { call_sid: callSid, to: destination.e164, from: line.from };
}

/** Test calls cost money: each person places at most this many an hour. */
export const testCallLimit = rateLimit([{ key: (c) => `test-call:user:${orgCaller(c).userId}`, limit: 10, windowMs: HOUR_MS, code: "rate_limited" }]);

/**
 * `GET /api/test-calls/:callSid`: how a test call the organization placed is going (its status, once it ends), and
 * who answered it: `answered_by` (answering machine detection) and, for a machine, `message` saying what was done.
 */
export const testCallStatusRoutes = new Hono<AppEnv>().get("/:callSid", access("admin"), async (c) => {
  const [row] = await c.var.db
    .select({ status: calls.status, durationSeconds: calls.durationSeconds, endedAt: calls.endedAt, answeredBy: calls.answeredBy, agent: agents.name })
    .from(calls)
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .where(and(eq(calls.callSid, c.req.param("callSid")), eq(calls.organizationId, orgCaller(c).organizationId)));
  if (!row) throw new ApiError("not_found", { message: "That call was not found." });
  return c.json({
    test_call: {
      status: row.status,
      ended: Boolean(row.endedAt) && row.durationSeconds !== null,
      duration_seconds: row.durationSeconds,
      answered_by: row.answeredBy,
      // In plain words when a machine answered (a person's call is told by its status alone).
      message: answeredByMessage(row.answeredBy, row.agent ?? "your agent"),
    },
  });
});
