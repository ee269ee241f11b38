import { followUpText, labelLanguageOf } from "@nikki/core";
import { conversationMessages } from "../db/schema";
import { type LogLevel, createLogger } from "../logger";
import type { Services } from "../services";
import { recordSuiteEffect } from "../test-suite/effects";
import { type PostCallFacts, postCallFacts } from "./post-call-facts";

/**
 * After a processed inbound call, when the organization turned it on: a thank-you text to the caller, in the language
 * they spoke (never to an opted-out number). `facts`: the call as already read.
 */
export async function sendFollowUpText(services: Services, callId: string, facts?: PostCallFacts): Promise<boolean> {
  const { db } = services;
  const row = facts ?? (await postCallFacts(db, callId));
  if (!row || !row.settings?.postCallSms || row.call.direction !== "inbound" || row.call.processingStatus !== "processed") return false;
  const caller = row.call.fromNumber;
  const body = followUpText(labelLanguageOf(row.call.language), row.organizationName);
  if (row.call.kind === "test") {
    await recordSuiteEffect(db, callId, "follow_up_sms", `Would text the caller: "${body}"`, { body });
    return false;
  }
  // Voice Operations' sender number when one is set (Settings checks it is the organization's), else the number called.
  const from = row.settings.smsSenderNumber ?? row.call.toNumber;
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
