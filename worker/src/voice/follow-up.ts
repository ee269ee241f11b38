import { eq } from "drizzle-orm";
import { calls, conversationMessages, organizationSettings, organizations } from "../db/schema";
import { type Bindings, readConfig } from "../env";
import { type LogLevel, createLogger } from "../http/logger";
import { liveServices } from "../services";
import { isOptedOut } from "./sms-consent";

/** After a processed inbound call, when the organization turned it on: a thank-you text to the caller (never to an opted-out number). */
export async function sendFollowUpText(bindings: Bindings, callId: string): Promise<boolean> {
  const config = readConfig(bindings);
  const db = liveServices.database(bindings, config);
  const [row] = await db
    .select({ call: calls, organizationName: organizations.name, postCallSms: organizationSettings.postCallSms })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, calls.organizationId))
    .where(eq(calls.id, callId));
  const twilio = liveServices.twilio(config);
  if (!row || !row.postCallSms || !twilio || row.call.direction !== "inbound" || row.call.processingStatus !== "processed") return false;
  const caller = row.call.fromNumber;
  if (await isOptedOut(db, row.call.organizationId, caller)) return false;
  const body = `Thanks for calling ${row.organizationName}! We have your details and will follow up soon. Reply here with anything else. Reply STOP to opt out.`;
  try {
    await twilio.sendMessage({ from: row.call.toNumber, to: caller, body });
    await db.insert(conversationMessages).values({ organizationId: row.call.organizationId, channel: "sms", threadKey: caller, role: "assistant", content: body });
    return true;
  } catch (error) {
    createLogger({ component: "follow_up" }, config.LOG_LEVEL as LogLevel).warn("follow_up_text_failed", { call_id: callId, error: String(error) });
    return false;
  }
}
