import { eq } from "drizzle-orm";
import { calls, conversationMessages, organizationSettings, organizations } from "../db/schema";
import { type LogLevel, createLogger } from "../http/logger";
import type { Services } from "../services";
import { recordTestEffect } from "../test-calls/effects";

/** After a processed inbound call, when the organization turned it on: a thank-you text to the caller (never to an opted-out number). */
export async function sendFollowUpText(services: Services, callId: string): Promise<boolean> {
  const { db } = services;
  const [row] = await db
    .select({
      call: calls,
      organizationName: organizations.name,
      postCallSms: organizationSettings.postCallSms,
      sender: organizationSettings.smsSenderNumber,
    })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, calls.organizationId))
    .where(eq(calls.id, callId));
  if (!row || !row.postCallSms || row.call.direction !== "inbound" || row.call.processingStatus !== "processed") return false;
  const caller = row.call.fromNumber;
  const body = `Thanks for calling ${row.organizationName}! We have your details and will follow up soon. Reply here with anything else. Reply STOP to opt out.`;
  if (row.call.kind === "test") {
    await recordTestEffect(db, callId, "follow_up_sms", `Would text the caller: "${body}"`);
    return false;
  }
  // Voice Operations' sender number when one is set (Settings checks it is the organization's), else the number called.
  const from = row.sender ?? row.call.toNumber;
  const { sms } = await (await services.providersFor(row.call.organizationId)).forNumber(from);
  if (!sms) return false;
  try {
    const result = await sms.send({ organizationId: row.call.organizationId, from, to: caller, body });
    if (!result.sent) return false;
    await db
      .insert(conversationMessages)
      .values({ organizationId: row.call.organizationId, channel: "sms", threadKey: caller, role: "assistant", content: body });
    return true;
  } catch (error) {
    createLogger({ component: "follow_up" }, services.config.LOG_LEVEL as LogLevel).warn("follow_up_text_failed", { call_id: callId, error: String(error) });
    return false;
  }
}
