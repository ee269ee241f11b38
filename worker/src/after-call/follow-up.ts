import { followUpText, labelLanguageOf } from "@nikki/core";
import { type CallEffectsOf, callOfRow } from "../call-effects/call-effects";
import { type LogLevel, createLogger } from "../logger";
import { textedAbout } from "../messaging/text-log";
import type { Services } from "../services";
import { type PostCallFacts, postCallFacts } from "./post-call-facts";

/**
 * After a processed inbound call, when the organization turned it on: a thank-you text to the caller, in the language
 * they spoke, the call's effect (through the messaging gate). Once per call: a re-run of the analysis sends none when
 * one was sent or refused before. `facts`: the call as already read.
 */
export async function sendFollowUpText(services: Services, callId: string, effectsOf: CallEffectsOf, facts?: PostCallFacts): Promise<boolean> {
  const { db } = services;
  const row = facts ?? (await postCallFacts(db, callId));
  if (!row || !row.settings?.postCallSms || row.call.direction !== "inbound" || row.call.processingStatus !== "processed") return false;
  if (await textedAbout(db, callId, "call_follow_up")) return false;
  const log = createLogger({ component: "follow_up", call_id: callId }, services.config.LOG_LEVEL as LogLevel);
  const result = await effectsOf(callOfRow(row.call), { services, log }).text({
    purpose: "call_follow_up",
    // Voice Operations' sender number when one is set (Settings checks it is the organization's), else the number called.
    from: row.settings.smsSenderNumber ?? row.call.toNumber,
    to: row.call.fromNumber,
    body: followUpText(labelLanguageOf(row.call.language), row.organizationName),
    thread: true,
  });
  return result.status === "sent";
}
