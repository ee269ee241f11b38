import { CALL_MESSAGES, callSmsSchema } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { agents, calls } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { hourly, rateLimit } from "../../middleware/rate-limit";
import { sendText } from "../../messaging/send-text";
import { callOfRow } from "../../call-effects/call-effects";
import { callEffectsOf } from "../../test-suite/call-effects-of";
import { pushCallLead } from "../../after-call/crm-push";

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
    const effects = callEffectsOf(callOfRow(call), { services: c.var.services, log: c.var.log });
    const outcome = await pushCallLead(c.var.services, effects, call, { summary: call.summary ?? "", entities }, crmMapping ?? "{}", true);
    if (outcome === "no_crm") throw new ApiError("validation_failed", { message: CALL_MESSAGES.noCrm });
    if (outcome === "no_phone") throw new ApiError("validation_failed", { message: CALL_MESSAGES.noPhone });
    if (outcome === "failed") throw new ApiError("provider_failed", { message: CALL_MESSAGES.pushFailed });
    await record(c, "call_pushed_to_crm", call.id);
    return c.json({ message: CALL_MESSAGES.pushed });
  })
  // The text goes through the messaging gate, whose limits (the organization's texts an hour and a day) apply here too.
  .post("/:id/sms", access("admin"), async (c) => {
    const { call } = await callOf(c);
    const { body } = await parseBody(c, callSmsSchema, "part of a text");
    const [business, caller] = call.direction === "inbound" ? [call.toNumber, call.fromNumber] : [call.fromNumber, call.toNumber];
    const result = await sendText(
      c.var.services,
      { organizationId: call.organizationId, from: business, to: caller, body, purpose: "call_detail", callId: call.id, thread: true },
      { log: c.var.log },
    );
    if (result.status === "refused") {
      if (result.code === "opted_out") throw new ApiError("validation_failed", { message: CALL_MESSAGES.optedOut });
      if (result.code === "destination_refused") throw new ApiError("destination_not_allowed", { message: result.message, fields: { to: result.message } });
      if (result.retryAfterSeconds) c.header("retry-after", String(result.retryAfterSeconds));
      throw new ApiError(result.code, { message: result.message });
    }
    if (result.status === "failed") {
      if (result.code === "no_sender") throw new ApiError("twilio_unavailable");
      throw new ApiError("twilio_failed", { message: CALL_MESSAGES.smsFailed });
    }
    await record(c, "call_texted", call.id);
    return c.json({ message: CALL_MESSAGES.smsSent, message_sid: result.sid });
  });
