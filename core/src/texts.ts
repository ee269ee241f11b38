/**
 * The messaging gate's rules and words (DESIGN.md "One path per effect"): every text the product sends passes the
 * recipient's opt-out, the destination rules of calls, the organization's hourly and daily limits and the daily spend
 * cap, and is answered `sent` or `refused` with one of these codes.
 */
import { plural } from "./plural";
import { countryList, countryOf } from "./destinations";
import { normalizeWidgetPhone } from "./phone";

/** Why the product sends a text; each attempt is recorded with it. */
export const TEXT_PURPOSES = [
  "call_follow_up",
  "call_tool",
  "appointment",
  "call_alert",
  "morning_digest",
  "text_reply",
  "carrier_keyword",
  "call_detail",
] as const;
export type TextPurpose = (typeof TEXT_PURPOSES)[number];

/** A text as a call's detail names it, by why it was sent. */
export const TEXT_PURPOSE_NAMES: Record<TextPurpose, string> = {
  call_follow_up: "Follow-up text",
  call_tool: "Text sent during the call",
  appointment: "Appointment text",
  call_alert: "Call alert",
  morning_digest: "Morning digest",
  text_reply: "Reply to a text",
  carrier_keyword: "Keyword reply",
  call_detail: "Call details",
};

/** A text about a call, as `GET /api/calls/:id` lists them (`texts`): no body is kept, only what became of it. */
export interface CallTextResource {
  purpose: TextPurpose;
  /** The number it went to; "[PHONE]" for a viewer. */
  to: string;
  status: "sent" | "refused" | "failed";
  /** Why it was not sent, in the product's words; null when it was. */
  reason: string | null;
  created_at: string;
}

/** The gate's refusals: the text was not sent because a rule said no (never retried as if it had failed). */
export const TEXT_REFUSALS = ["opted_out", "destination_refused", "rate_limited", "spend_cap"] as const;
export type TextRefusal = (typeof TEXT_REFUSALS)[number];

/** The text could not be sent: nothing to send it from, or the provider did not take it. */
export const TEXT_FAILURES = ["no_sender", "provider_failed"] as const;
export type TextFailure = (typeof TEXT_FAILURES)[number];

/** Each organization's limits until it changes them (Settings › Texts), within its plan's bounds (plans.ts). */
export const TEXT_LIMIT_DEFAULTS = { perHour: 30, perDay: 200 } as const;

/** What a refused or failed text says, in the product's words (an API's `text_message`, a toast, an error). */
export const TEXT_MESSAGES: Record<TextRefusal | TextFailure, string> = {
  opted_out: "The recipient opted out of texts from your business (they replied STOP).",
  destination_refused: "That number is not one your texts may go to: only numbers in your allowed countries, never premium-rate ones.",
  rate_limited: "Your organization reached its limit of texts for now (Settings › Texts).",
  spend_cap: "Today's spending limit is reached, so texts are paused until tomorrow (UTC). Raise the limit in Billing to resume.",
  no_sender: "Your organization has no number to text from yet.",
  provider_failed: "The phone company did not accept the text just now.",
};

/** The refusal of a number texts may not go to, naming why (`allowed`: the organization's countries). */
export function textDestinationMessage(to: string, allowed: readonly string[]): string {
  const phone = normalizeWidgetPhone(to);
  const country = phone.ok ? countryOf(phone.e164) : "invalid";
  if (country === "invalid") return "That is not a valid phone number to text.";
  if (country === "premium") return "Texts to premium-rate and non-geographic numbers are not allowed.";
  return `Texts can only go to numbers in ${countryList(allowed)} (Settings › Phone and limits).`;
}

/** The refusal of a text past the organization's limit for this hour or today. */
export function textLimitMessage(window: "hour" | "day", limit: number, secondsLeft: number): string {
  if (window === "day") return `Your organization has sent its ${limit} texts for today (Settings › Texts). Texts resume at midnight, your time.`;
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return `Your organization has sent its ${limit} texts for this hour (Settings › Texts). Try again in ${plural(minutes, "minute")}.`;
}

/** What became of the text about a booking, as `POST/PATCH /api/appointments` answer it (`text`). */
export const APPOINTMENT_TEXT_OUTCOMES = ["sent", ...TEXT_REFUSALS, "no_sender", "failed", "already_told"] as const;
export type AppointmentTextOutcome = (typeof APPOINTMENT_TEXT_OUTCOMES)[number];

/** The `text_message` beside `text`: the sentence a person reads, null when the text was sent (or none was due). */
export function appointmentTextMessage(outcome: AppointmentTextOutcome | null): string | null {
  if (outcome === null || outcome === "sent") return null;
  if (outcome === "failed") return TEXT_MESSAGES.provider_failed;
  if (outcome === "already_told") return "They were already told it is canceled.";
  return TEXT_MESSAGES[outcome];
}

const DONE = { booked: "Booked", rescheduled: "Moved", canceled: "Canceled" } as const;

/** The dashboard's toast after a change whose text was not sent: "Booked; the text was not sent: <reason>". */
export const textNotSent = (change: keyof typeof DONE, reason: string) => `${DONE[change]}; the text was not sent: ${reason}`;

/** The characters of the GSM 03.38 default alphabet: a text of only these is sent 7 bits a character. */
const GSM_BASIC = new Set("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà");
/** The extension table: each takes two septets (an escape, then the character). */
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

/**
 * How many SMS segments a body is billed as: GSM-7 when every character is in the GSM alphabet (160 septets in one
 * segment, 153 a segment when split), UCS-2 otherwise (70 UTF-16 units, 67 when split). An empty body is one segment.
 */
export function textSegments(body: string): { encoding: "GSM-7" | "UCS-2"; segments: number } {
  let septets = 0;
  for (const character of body) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENDED.has(character)) septets += 2;
    else {
      const units = body.length;
      return { encoding: "UCS-2", segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: "GSM-7", segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** `GET /api/org/texts`: the texts the organization sent this hour and today (the business's day), against its limits and its plan's bounds. */
export interface TextUsageResource {
  sent_this_hour: number;
  sent_today: number;
  per_hour: number;
  per_day: number;
  max_per_hour: number;
  max_per_day: number;
  plan: string;
}

/** Settings › Texts, in the product's words. */
export const TEXT_SETTINGS_COPY = {
  title: "Texts",
  lead: "Every text your agents send (confirmations, reminders, follow-ups, alerts, replies) counts against these limits and today's spending limit.",
  perHour: "Texts per hour",
  perDay: "Texts per day",
  bounds: (plan: string, perHour: number, perDay: number) => `Up to ${perHour} an hour and ${perDay} a day on the ${plan} plan.`,
  sentThisHour: (sent: number, limit: number) => `${sent} of ${limit} sent this hour`,
  sentToday: (sent: number, limit: number) => `${sent} of ${limit} sent today`,
  readOnly: (perHour: number, perDay: number) => `At most ${perHour} texts an hour and ${perDay} a day; owners and admins can change these.`,
  saved: (perHour: number, perDay: number) => `At most ${perHour} texts an hour and ${perDay} a day.`,
  loading: "Loading texts…",
  loadFailed: "Failed to load text usage",
} as const;
