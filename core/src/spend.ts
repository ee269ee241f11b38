/**
 * What an organization's usage costs, for its daily spend cap (issue 9 §3): one price table, in micro-dollars so
 * sums stay whole numbers. Prices are list prices, rounded up: the cap errs on the side of stopping early.
 */
export const SPEND_PRICES_MICRO_USD = {
  /** Twilio voice, a local number, per minute (each call rounded up to a whole minute, as Twilio bills). */
  telephonyPerMinute: 14_000,
  /** The realtime voice model, audio in and out, per minute of conversation. */
  realtimePerMinute: 180_000,
  /** One chat or text reply (a few hundred tokens of the chat model). */
  chatReply: 1_000,
  /** One analysis of a call's transcript asked for again (Re-run AI Analysis: a few thousand tokens of the chat model). */
  analysis: 5_000,
} as const;

/** A call admitted while under the cap holds this much until it ends and its real cost is known. */
export const CALL_RESERVATION_MINUTES = 3;

export const SPEND_WARNING_PERCENT = 80;

export type SpendState = "ok" | "warning" | "capped";

/** A call's minutes as they are charged: each call rounded up to a whole minute, as Twilio bills. */
const chargedMinutes = (durationSeconds: number) => Math.max(1, Math.ceil(durationSeconds / 60));

export function callCostMicroUsd(durationSeconds: number, withModel: boolean): number {
  return chargedMinutes(durationSeconds) * (SPEND_PRICES_MICRO_USD.telephonyPerMinute + (withModel ? SPEND_PRICES_MICRO_USD.realtimePerMinute : 0));
}

/** The realtime model's minutes alone: a Test Suite call's cost, which no telephony carries and no plan counts. */
export function modelCostMicroUsd(durationSeconds: number): number {
  return chargedMinutes(durationSeconds) * SPEND_PRICES_MICRO_USD.realtimePerMinute;
}

export const CALL_RESERVATION_MICRO_USD = callCostMicroUsd(CALL_RESERVATION_MINUTES * 60, true);

export function spendState(spentMicroUsd: number, capUsd: number): SpendState {
  const cap = capUsd * 1_000_000;
  if (spentMicroUsd >= cap) return "capped";
  return spentMicroUsd * 100 >= cap * SPEND_WARNING_PERCENT ? "warning" : "ok";
}

export const SPEND_MESSAGES = {
  capped: "This business has reached its daily spending limit, so new calls and chats are paused until tomorrow.",
  chatCapped: "Chat is paused for today: this business reached its daily limit. Please call or use the contact form.",
  trialEnded: "This business's free trial has ended, so it can't place calls right now.",
  warningTitle: "80% of today's spending limit used",
  cappedTitle: "Today's spending limit is reached",
  analysisCapped: "Today's spending limit is reached, so AI analysis is paused until tomorrow. Raise the limit in Settings to resume.",
  analysisTrialEnded: "Your free trial has ended: choose a plan in Billing to re-run AI analysis.",
} as const;
