/**
 * The one messaging gate (DESIGN.md "One path per effect"): every text the product sends leaves through sendText,
 * which applies, in order, the recipient's opt-out, the destination rules of calls (the organization's
 * `allowed_countries`; premium and non-geographic numbers never), the organization's hourly and daily limits, and the
 * daily spend cap (charged at the provider's price of each segment), records the attempt, and answers `sent`, or
 * `refused` with the rule's code, or `failed` when nothing could send it. A refusal is an answer: nothing retries it.
 */
import {
  type TextFailure,
  type TextPurpose,
  type TextRefusal,
  TEXT_MESSAGES,
  checkDestination,
  normalizeWidgetPhone,
  textDestinationMessage,
  textLimitMessage,
  textSegments,
} from "@nikki/core";
import { chargeWithinCap, refundWithinCap } from "../billing/spend";
import { conversationMessages } from "../db/schema";
import type { Logger } from "../logger";
import type { Providers, Services } from "../services";
import { isOptedOut } from "./consent";
import { countText } from "./text-limits";
import { recordText } from "./text-log";
import { segmentPrice } from "./text-price";
import { textRulesOf } from "./text-rules";

export interface OutgoingText {
  organizationId: string;
  /** The business's number it goes from; null when the organization has none to send from. */
  from: string | null;
  to: string;
  body: string;
  purpose: TextPurpose;
  /** The call it follows or was sent during. */
  callId?: string | null;
  /** Kept in the recipient's SMS thread, so the reply to it continues the conversation (texts to callers). */
  thread?: boolean;
}

export interface SendOptions {
  log: Logger;
  /** The organization's accounts, when the caller holds them already (a call's tools). */
  providers?: Providers;
  /**
   * "reply": the caller answers Twilio's incoming-message webhook with the text (TwiML `<Message>`), which Twilio sends
   * and bills like any other; every rule still applies. "api" (the default): sent here, through Twilio's Messages API.
   */
  delivery?: "api" | "reply";
  /**
   * The carrier-required answer to a keyword (the one confirmation of a STOP, the answer to HELP): CTIA's rules have
   * every sender answer these, to a number that has just opted out too, so only the opt-out does not stop them.
   */
  carrierRequired?: boolean;
}

export type TextResult =
  | { status: "sent"; sid: string | null }
  | { status: "refused"; code: TextRefusal; message: string; retryAfterSeconds?: number }
  | { status: "failed"; code: TextFailure; message: string };

export async function sendText(services: Services, text: OutgoingText, options: SendOptions): Promise<TextResult> {
  const { db } = services;
  const { organizationId, from } = text;
  const phone = normalizeWidgetPhone(text.to);
  const to = phone.ok ? phone.e164 : text.to;
  const [rules, optedOut] = await Promise.all([textRulesOf(db, organizationId), !options.carrierRequired && isOptedOut(db, organizationId, to)]);
  const destination = checkDestination(text.to, rules.allowedCountries);
  const { segments } = textSegments(text.body);
  let priceMicroUsd = 0;
  let messageSid: string | null = null;

  const answer = async (result: TextResult): Promise<TextResult> => {
    const attempt = { organizationId, callId: text.callId ?? null, purpose: text.purpose, from, to, segments, messageSid };
    const code = result.status === "sent" ? null : result.code;
    await recordText(db, { ...attempt, status: result.status, code, priceMicroUsd: result.status === "sent" ? priceMicroUsd : 0 }).catch((error: unknown) =>
      options.log.error("text_record_failed", { organization_id: organizationId, purpose: text.purpose, error: String(error) }),
    );
    if (result.status !== "sent") options.log.info("text_not_sent", { organization_id: organizationId, purpose: text.purpose, code });
    return result;
  };
  const refused = (code: TextRefusal, message = TEXT_MESSAGES[code], retryAfterSeconds?: number) =>
    answer({ status: "refused", code, message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
  const failed = (code: TextFailure) => answer({ status: "failed", code, message: TEXT_MESSAGES[code] });

  if (optedOut) return refused("opted_out");
  if (!destination.ok) return refused("destination_refused", textDestinationMessage(text.to, rules.allowedCountries));
  const providers = options.providers ?? (await services.providersFor(organizationId));
  const twilio = from ? (await providers.forNumber(from)).twilio : null;
  if (!from || !twilio) return failed("no_sender");

  const count = await countText(services, organizationId, rules);
  if (!count.counted) return refused("rate_limited", textLimitMessage(count.window, count.limit, count.secondsLeft), count.secondsLeft);
  priceMicroUsd = segments * (await segmentPrice(db, twilio, destination.country, options.log));
  const chargedAt = new Date();
  // The cap, not the trial: a lapsed trial stops the AI, while the texts the business owes its callers (the
  // reminder of a booking made in the trial) still go, each charged.
  if (!(await chargeWithinCap(services, options.log, organizationId, priceMicroUsd, { lapsed: false, capUsd: rules.capUsd }))) {
    await count.release();
    return refused("spend_cap");
  }
  if (options.delivery !== "reply") {
    try {
      messageSid = (await twilio.sendMessage({ from, to, body: text.body })).sid;
    } catch (error) {
      options.log.warn("text_send_failed", {
        organization_id: organizationId,
        purpose: text.purpose,
        error: error instanceof Error ? error.message : String(error),
      });
      await Promise.all([count.release(), refundWithinCap(services, organizationId, priceMicroUsd, chargedAt)]);
      return failed("provider_failed");
    }
  }
  if (text.thread) await db.insert(conversationMessages).values({ organizationId, channel: "sms", threadKey: to, role: "assistant", content: text.body });
  return answer({ status: "sent", sid: messageSid });
}
