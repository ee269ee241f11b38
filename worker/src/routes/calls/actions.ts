import { CALL_MESSAGES, callSmsSchema } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { agents, calls, conversationMessages } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { HOUR_MS, hourly, rateLimit } from "../../middleware/rate-limit";
import { pushCallLead } from "../../voice/crm-push";

/** Texts cost money: an organization sends at most this many from the call log an hour. */
const TEXTS_PER_HOUR = 30;

async function callOf(c: Context<AppEnv>) {
  const [row] = await c.var.db
    .select({ call: calls, crmMapping: agents.crmMapping })
    .from(calls)
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .where(and(eq(calls.id, c.req.param("id") ?? ""), eq(calls.organizationId, orgCaller(c).organizationId)));
  if (!row) throw new ApiError("not_found", { message: "That call was not found." });
  return row;
}

const record = (c: Context<AppEnv>, action: "call_pushed_to_crm" | "call_texted", target: string) => {
  const caller = orgCaller(c);
  return audit(c, { action, organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email, target });
};

/** The call detail's actions (owners and admins): Push to CRM, and a text to the caller. */
export const callActionRoutes = new Hono<AppEnv>()
  .post("/:id/push-crm", access("admin"), rateLimit([hourly("pushCrm", (c) => `calls:push-crm:${orgCaller(c).organizationId}`)]), async (c) => {
    const { call, crmMapping } = await callOf(c);
    if (call.processingStatus !== "processed") throw new ApiError("validation_failed", { message: CALL_MESSAGES.notProcessed });
    let entities: Record<string, string> = {};
    try {
      entities = call.entities ? (JSON.parse(call.entities) as Record<string, string>) : {};
    } catch {}
    const outcome = await pushCallLead(c.var.services, c.var.log, call, { summary: call.summary ?? "", entities }, crmMapping ?? "{}", true);
    if (outcome === "no_crm") throw new ApiError("validation_failed", { message: CALL_MESSAGES.noCrm });
    if (outcome === "no_phone") throw new ApiError("validation_failed", { message: CALL_MESSAGES.noPhone });
    if (outcome === "failed") throw new ApiError("provider_failed", { message: CALL_MESSAGES.pushFailed });
    await record(c, "call_pushed_to_crm", call.id);
    return c.json({ message: CALL_MESSAGES.pushed });
  })
  .post(
    "/:id/sms",
    access("admin"),
    rateLimit([{ key: (c) => `calls:sms:${orgCaller(c).organizationId}`, limit: TEXTS_PER_HOUR, windowMs: HOUR_MS, code: "rate_limited" }]),
    async (c) => {
      const { call } = await callOf(c);
      const { body } = await parseBody(c, callSmsSchema, "part of a text");
      const [business, caller] = call.direction === "inbound" ? [call.toNumber, call.fromNumber] : [call.fromNumber, call.toNumber];
      const { sms } = await (await c.var.services.providersFor(call.organizationId)).forNumber(business);
      if (!sms) throw new ApiError("twilio_unavailable");
      let sent: Awaited<ReturnType<typeof sms.send>>;
      try {
        sent = await sms.send({ organizationId: call.organizationId, from: business, to: caller, body });
      } catch (error) {
        c.var.log.warn("call_sms_failed", { error: error instanceof Error ? error.message : String(error) });
        throw new ApiError("twilio_failed", { message: CALL_MESSAGES.smsFailed });
      }
      if (!sent.sent) throw new ApiError("validation_failed", { message: CALL_MESSAGES.optedOut });
      await c.var.db
        .insert(conversationMessages)
        .values({ organizationId: call.organizationId, channel: "sms", threadKey: caller, role: "assistant", content: body });
      await record(c, "call_texted", call.id);
      return c.json({ message: CALL_MESSAGES.smsSent, message_sid: sent.sid });
    },
  );
