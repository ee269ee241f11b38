import { followUpText, labelLanguageOf } from "@nikki/core";
import { type LogLevel, createLogger } from "../logger";
import { sendText } from "../messaging/send-text";
import { textedAbout } from "../messaging/text-log";
import type { Services } from "../services";
import { recordSuiteEffect } from "../test-suite/effects";
import { type PostCallFacts, postCallFacts } from "./post-call-facts";

/**
 * After a processed inbound call, when the organization turned it on: a thank-you text to the caller, in the language
 * they spoke, through the messaging gate. Once per call: a re-run of the analysis sends none when one was sent or
 * refused before. `facts`: the call as already read.
 */
export async function sendFollowUpText(services: Services, callId: string, facts?: PostCallFacts): Promise<boolean> {
  const { db } = services;
  const row = facts ?? (await postCallFacts(db, callId));
  if (!row || !row.settings?.postCallSms || row.call.direction !== "inbound" || row.call.processingStatus !== "processed") return false;
  const body = followUpText(labelLanguageOf(row.call.language), row.organizationName);
  if (row.call.kind === "test") {
    await recordSuiteEffect(db, callId, "follow_up_sms", `Would text the caller: "${body}"`, { body });
    return false;
  }
  if (await textedAbout(db, callId, "call_follow_up")) return false;
  const log = createLogger({ component: "follow_up", call_id: callId }, services.config.LOG_LEVEL as LogLevel);
  const result = await sendText(
    services,
    {
      organizationId: row.call.organizationId,
      // Voice Operations' sender number when one is set (Settings checks it is the organization's), else the number called.
      from: row.settings.smsSenderNumber ?? row.call.toNumber,
      to: row.call.fromNumber,
      body,
      purpose: "call_follow_up",
      callId,
      thread: true,
    },
    { log },
  );
  return result.status === "sent";
}
