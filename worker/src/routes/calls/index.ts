import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { calls } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { access, orgCaller } from "../../middleware/access";

export const NO_TRANSCRIPT = "No transcript available to reprocess.";

/** `/api/calls`: the organization's calls. */
export const callRoutes = new Hono<AppEnv>().post("/:id/reprocess", access("admin"), async (c) => {
  const [call] = await c.var.db
    .select({ id: calls.id, callSid: calls.callSid, transcript: calls.transcript })
    .from(calls)
    .where(and(eq(calls.id, c.req.param("id")), eq(calls.organizationId, orgCaller(c).organizationId)));
  if (!call) throw new ApiError("not_found", { message: "That call was not found." });
  const entries = call.transcript ? (JSON.parse(call.transcript) as unknown[]) : [];
  if (entries.length === 0) throw new ApiError("validation_failed", { message: NO_TRANSCRIPT });
  await c.var.db
    .update(calls)
    .set({ processingStatus: "pending", processingAttempts: 0, processingError: null, nextAttemptAt: new Date() })
    .where(eq(calls.id, call.id));
  await c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(call.callSid)).reprocess(call.id);
  return c.json({ id: call.id, processing_status: "pending" }, 202);
});
