import * as z from "zod/mini";
import { REGIONS, type Region, SETTINGS_RANGES } from "./constants";
import { OPERATOR_E164, parsePhone, phoneField } from "./phone";
import { PLANS, type Plan } from "./plans";
import { BLOCKED_NUMBERS_MAX } from "./screening";
import { guardedUrl } from "./url-field";
import type { UrlPolicy } from "./url-guard";
import { WIDGET_NAMES, type WidgetName } from "./widget-config";
import { isLocalDate } from "./zoned-time";

/** An organization's settings as the dashboard reads and writes them (spec 001 §3, snake_case). */
export interface OrganizationSettings {
  transcript_retention_days: number;
  recording_retention_days: number;
  pii_redaction: boolean;
  record_calls: boolean;
  record_announce: boolean;
  live_listening: boolean;
  default_region: Region;
  widget_rate_ip_hour: number;
  widget_rate_phone_day: number;
  /** ISO country codes outbound calls may go to (core's destination rule). */
  allowed_countries: string[];
  /** Exact `scheme://host[:port]` origins allowed to embed the widgets. */
  allowed_origins: string[];
  post_call_sms: boolean;
  max_call_seconds: number;
  digest_phone: string | null;
  widget_color: string;
  enabled_widgets: WidgetName[];
  contact_url: string | null;
  /** The agent that answers the chat widget; null: the oldest active one. */
  chat_agent_id: string | null;
  /** The most calls, chat and texts may cost a day, in whole dollars; null: the plan's default. */
  daily_spend_cap_usd: number | null;
  /** Call alerts (lead, booking, urgent) by e-mail to the owner and members who opted in. */
  alert_email: boolean;
  /** Call alerts by text to the digest phone, when one is set. */
  alert_sms: boolean;
  /** The voice bridge's WebSocket URL (`wss://HOST/twilio/stream`) calls stream to; null: this deployment's own. */
  bridge_ws_url: string | null;
  /** Where each processed call is posted as JSON (`{summary, intent, confidence, raw}`); null: nowhere. */
  crm_webhook_url: string | null;
  /** The number follow-up texts are sent from (one of the organization's numbers); null: the number that was called. */
  sms_sender_number: string | null;
  /** Booking (issue 35): the least notice a caller must give, how many days ahead, the grid of start times. */
  booking_min_notice_minutes: number;
  booking_horizon_days: number;
  booking_slot_step_minutes: number;
  /** Local dates (YYYY-MM-DD) the business is closed: nothing is offered or booked on them. */
  closed_dates: string[];
  /** Callers (E.164) whose calls hear a short message and are hung up before the AI answers (issue 37 §5). */
  blocked_numbers: string[];
  /** The organization's private iCalendar feed, absolute (read only; POST /api/org/calendar-feed/rotate replaces it). */
  calendar_feed_url: string | null;
  /** The most texts the organization sends an hour and a day (the business's day), within its plan's bounds (the messaging gate). */
  texts_per_hour: number;
  texts_per_day: number;
}

const {
  retentionDays,
  widgetRateIpHour,
  widgetRatePhoneDay,
  maxCallSeconds,
  bookingMinNoticeMinutes,
  bookingHorizonDays,
  bookingSlotStepMinutes,
  closedDates,
} = SETTINGS_RANGES;

/** Under Settings › Widget's choice of widgets: why a business's own site usually shows the chat alone. */
export const WIDGET_CHOICE_HINT =
  "Your visitors want you: the chat answers for your business. Test a Call and the browser voice demo show off Nikki AI itself, so they are off unless you want them.";

export const SETTINGS_MESSAGES = {
  transcriptRetention: `Transcript retention must be a whole number of days from ${retentionDays.min} to ${retentionDays.max}.`,
  recordingRetention: `Recording retention must be a whole number of days from ${retentionDays.min} to ${retentionDays.max}.`,
  widgetRateIpHour: `Calls per IP per hour must be a whole number from ${widgetRateIpHour.min} to ${widgetRateIpHour.max}.`,
  widgetRatePhoneDay: `Calls per phone per day must be a whole number from ${widgetRatePhoneDay.min} to ${widgetRatePhoneDay.max}.`,
  maxCallSeconds: `The longest call must be between ${maxCallSeconds.min} and ${maxCallSeconds.max} seconds.`,
  region: `The default region must be one of ${REGIONS.join(", ")}.`,
  countries: "Allowed countries must be two-letter country codes, like US or CA, at least one.",
  origins: "Each allowed origin must be a full origin such as https://www.example.com, with no path.",
  boolean: "Choose on or off.",
  digestPhone: "Write the phone number like (512) 555-0123, or with its country code like +44 20 7946 0958.",
  color: "The colour must be a hex colour like #8b6cff.",
  widgets: `Enabled widgets must be chosen from ${WIDGET_NAMES.join(", ")}.`,
  contactUrl: "The contact link must be a full https:// address.",
  chatAgent: "Choose one of your organization's agents.",
  spendCap: "The daily spending limit must be a whole number of dollars from 1 to 10000.",
  bridgeUrl:
    "The bridge URL must be a wss:// address on a public host name, such as wss://voice.example.com/twilio/stream: no IP address, local name, port, login or query.",
  crmWebhookUrl: "The CRM webhook URL must be a full https:// address on a public host name: no IP address, local name, port or login.",
  smsSender: "Phone number must be in E.164 format (e.g., +14155552671)",
  smsSenderNotOurs: "Choose one of your organization's phone numbers.",
  bookingNotice: `The booking notice must be a whole number of minutes from ${bookingMinNoticeMinutes.min} to ${bookingMinNoticeMinutes.max}.`,
  bookingHorizon: `The booking horizon must be a whole number of days from ${bookingHorizonDays.min} to ${bookingHorizonDays.max}.`,
  bookingStep: `The slot step must be a whole number of minutes from ${bookingSlotStepMinutes.min} to ${bookingSlotStepMinutes.max}, in steps of 5.`,
  blockedNumbers: `Blocked numbers are phone numbers, one a line, at most ${BLOCKED_NUMBERS_MAX}.`,
  blockedNumberLine: (line: number, typed: string) =>
    `Line ${line}, “${typed.length > 40 ? `${typed.slice(0, 40)}…` : typed}”, is not a phone number. Write it like (512) 555-0222, or with its country code like +44 20 7946 0958.`,
  blockedNumbersMany: `At most ${BLOCKED_NUMBERS_MAX} blocked numbers: remove some first.`,
  closedDates: `Closed dates must be real dates written YYYY-MM-DD, at most ${closedDates}.`,
  textsPerHour: (plan: TextBounds) => `Texts per hour must be a whole number from 1 to ${plan.texts.perHourMax} on the ${plan.name} plan.`,
  textsPerDay: (plan: TextBounds) => `Texts per day must be a whole number from 1 to ${plan.texts.perDayMax} on the ${plan.name} plan.`,
} as const;

/** The plan whose bounds a patch's text limits are checked against. */
export type TextBounds = Pick<Plan, "name" | "texts">;

/** The widest bounds of any plan: what a form checks before the server checks the organization's own plan. */
const ANY_PLAN: TextBounds = PLANS.reduce((widest, plan) => (plan.texts.perHourMax >= widest.texts.perHourMax ? plan : widest));

const wholeIn = (range: { min: number; max: number }, message: string) =>
  z.number(message).check(z.int(message), z.gte(range.min, message), z.lte(range.max, message));
const flag = () => z.boolean(SETTINGS_MESSAGES.boolean);

const HOST_LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const ORIGIN = new RegExp(`^(https?)://${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::(\\d{1,5}))?$`);

/**
 * `scheme://host[:port]` and nothing else, as a browser sends it in its Origin header: lower case, no path, no
 * trailing slash, and no port when it is the scheme's default. (Written without URL: core runs without DOM types.)
 */
export function isExactOrigin(value: string): boolean {
  const match = ORIGIN.exec(value);
  if (!match) return false;
  const [, scheme, port] = match;
  if (port === undefined) return true;
  const number = Number(port);
  return number >= 1 && number <= 65_535 && String(number) === port && !(scheme === "https" && number === 443) && !(scheme === "http" && number === 80);
}

/**
 * The site a pasted address belongs to, as the widget's allowed origins keep it: a URL with a path, query or
 * trailing slash is trimmed to its origin (lower-case host, default port dropped); anything else is null.
 */
export function siteOriginOf(value: string): string | null {
  // No URL parser here (core runs without DOM or Node types): scheme, then the authority up to the path, query or fragment.
  const match = /^(https?):\/\/([^/?#@\s]+)(?:[/?#]\S*)?$/i.exec(value.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase().replace(scheme === "https" ? /:443$/ : /:80$/, "");
  const origin = `${scheme}://${host}`;
  return isExactOrigin(origin) ? origin : null;
}

const isHttpsUrl = (value: string) => /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(value);
/** The call's id is appended to the bridge URL as a path segment: no query or fragment. */
const withoutQuery = (value: string) => !/[?#]/.test(value);

/** A textarea's lines may each be one, so a raw list is bounded only against abuse; the kept numbers by the limit. */
const BLOCKED_LINES_MAX = BLOCKED_NUMBERS_MAX * 4;

/**
 * Blocked numbers as a business types them, one a line: each read as every phone an owner types, in the organization's
 * default region ("(512) 555-0222" is +15125550222 in the US), blank lines dropped, each number once. The first line that is no phone is named
 * by its place in the list, which is the textarea's line when the form sends every line it holds.
 */
const blockedNumbers = (region: Region) =>
  z.pipe(
    z
      .array(z.string(SETTINGS_MESSAGES.blockedNumbers), SETTINGS_MESSAGES.blockedNumbers)
      .check(z.maxLength(BLOCKED_LINES_MAX, SETTINGS_MESSAGES.blockedNumbersMany)),
    z.transform((lines, context) => {
      const numbers = new Set<string>();
      for (const [index, line] of lines.entries()) {
        const typed = line.trim();
        if (!typed) continue;
        const phone = typed.length <= 40 ? parsePhone(typed, region) : null;
        if (!phone?.ok) {
          context.issues.push({ code: "custom", input: lines, message: SETTINGS_MESSAGES.blockedNumberLine(index + 1, typed), path: [] });
          return z.NEVER;
        }
        numbers.add(phone.e164);
      }
      if (numbers.size > BLOCKED_NUMBERS_MAX) {
        context.issues.push({ code: "custom", input: lines, message: SETTINGS_MESSAGES.blockedNumbersMany, path: [] });
        return z.NEVER;
      }
      return [...numbers];
    }),
  );

/**
 * `PATCH /api/org/settings`: any subset of the settings; unknown fields are refused so a typo is never ignored. The
 * URLs the worker fetches pass the URL guard under the deployment's policy, and the text limits the organization's plan
 * (`texts`: the plan in effect), and the phones an owner types are read in the organization's default region
 * (`region`: as stored; phone.ts), so the schema is made per policy, plan and region.
 */
export const settingsPatchSchema = (policy: UrlPolicy, texts: TextBounds = ANY_PLAN, region: Region = "US") =>
  z.strictObject({
    transcript_retention_days: z.optional(wholeIn(retentionDays, SETTINGS_MESSAGES.transcriptRetention)),
    recording_retention_days: z.optional(wholeIn(retentionDays, SETTINGS_MESSAGES.recordingRetention)),
    pii_redaction: z.optional(flag()),
    record_calls: z.optional(flag()),
    record_announce: z.optional(flag()),
    live_listening: z.optional(flag()),
    default_region: z.optional(z.enum(REGIONS, SETTINGS_MESSAGES.region)),
    widget_rate_ip_hour: z.optional(wholeIn(widgetRateIpHour, SETTINGS_MESSAGES.widgetRateIpHour)),
    widget_rate_phone_day: z.optional(wholeIn(widgetRatePhoneDay, SETTINGS_MESSAGES.widgetRatePhoneDay)),
    allowed_countries: z.optional(
      z
        .array(z.string(SETTINGS_MESSAGES.countries).check(z.regex(/^[A-Z]{2}$/, SETTINGS_MESSAGES.countries)), SETTINGS_MESSAGES.countries)
        .check(z.minLength(1, SETTINGS_MESSAGES.countries), z.maxLength(50, SETTINGS_MESSAGES.countries)),
    ),
    allowed_origins: z.optional(
      z
        .array(z.string(SETTINGS_MESSAGES.origins).check(z.refine(isExactOrigin, SETTINGS_MESSAGES.origins)), SETTINGS_MESSAGES.origins)
        .check(z.maxLength(20, "At most 20 allowed origins.")),
    ),
    post_call_sms: z.optional(flag()),
    max_call_seconds: z.optional(wholeIn(maxCallSeconds, SETTINGS_MESSAGES.maxCallSeconds)),
    digest_phone: z.optional(z.nullable(phoneField(region, SETTINGS_MESSAGES.digestPhone))),
    widget_color: z.optional(z.string(SETTINGS_MESSAGES.color).check(z.regex(/^#[0-9a-f]{6}$/i, SETTINGS_MESSAGES.color))),
    enabled_widgets: z.optional(z.array(z.enum(WIDGET_NAMES, SETTINGS_MESSAGES.widgets), SETTINGS_MESSAGES.widgets)),
    contact_url: z.optional(
      z.nullable(
        z.string(SETTINGS_MESSAGES.contactUrl).check(z.maxLength(2048, SETTINGS_MESSAGES.contactUrl), z.refine(isHttpsUrl, SETTINGS_MESSAGES.contactUrl)),
      ),
    ),
    chat_agent_id: z.optional(
      z.nullable(z.string(SETTINGS_MESSAGES.chatAgent).check(z.minLength(1, SETTINGS_MESSAGES.chatAgent), z.maxLength(64, SETTINGS_MESSAGES.chatAgent))),
    ),
    daily_spend_cap_usd: z.optional(z.nullable(wholeIn({ min: 1, max: 10_000 }, SETTINGS_MESSAGES.spendCap))),
    alert_email: z.optional(flag()),
    alert_sms: z.optional(flag()),
    bridge_ws_url: z.optional(z.nullable(guardedUrl("wss", policy, SETTINGS_MESSAGES.bridgeUrl, withoutQuery))),
    crm_webhook_url: z.optional(z.nullable(guardedUrl("https", policy, SETTINGS_MESSAGES.crmWebhookUrl))),
    sms_sender_number: z.optional(z.nullable(z.string(SETTINGS_MESSAGES.smsSender).check(z.trim(), z.regex(OPERATOR_E164, SETTINGS_MESSAGES.smsSender)))),
    booking_min_notice_minutes: z.optional(wholeIn(bookingMinNoticeMinutes, SETTINGS_MESSAGES.bookingNotice)),
    booking_horizon_days: z.optional(wholeIn(bookingHorizonDays, SETTINGS_MESSAGES.bookingHorizon)),
    booking_slot_step_minutes: z.optional(
      wholeIn(bookingSlotStepMinutes, SETTINGS_MESSAGES.bookingStep).check(z.refine((value) => value % 5 === 0, SETTINGS_MESSAGES.bookingStep)),
    ),
    closed_dates: z.optional(
      z
        .array(z.string(SETTINGS_MESSAGES.closedDates).check(z.refine(isLocalDate, SETTINGS_MESSAGES.closedDates)), SETTINGS_MESSAGES.closedDates)
        .check(z.maxLength(closedDates, SETTINGS_MESSAGES.closedDates)),
    ),
    blocked_numbers: z.optional(blockedNumbers(region)),
    texts_per_hour: z.optional(wholeIn({ min: 1, max: texts.texts.perHourMax }, SETTINGS_MESSAGES.textsPerHour(texts))),
    texts_per_day: z.optional(wholeIn({ min: 1, max: texts.texts.perDayMax }, SETTINGS_MESSAGES.textsPerDay(texts))),
  });
export type SettingsPatch = z.output<ReturnType<typeof settingsPatchSchema>>;
