import * as z from "zod/mini";
import type { CallAppointmentResource } from "./appointments";
import { LEAD_INTENT_LABELS, LEAD_MESSAGES, type LeadIntent } from "./lead";
import { pageMarkerSchema } from "./page-marker";
import { normalizeWidgetPhone } from "./phone";
import { multiLineText, oneLineText } from "./plain-text";
import { WIDGET_LEAD_COPY } from "./widget-copy";

/**
 * A business's own leads (the lead list): callers its agent saved, and visitors who left their name and number in
 * the website chat. The product's own contact-form leads are the operators' (operator-leads.ts), never listed here.
 */
export const BUSINESS_LEAD_SOURCES = ["call", "chat", "sms", "form"] as const;
export type BusinessLeadSource = (typeof BUSINESS_LEAD_SOURCES)[number];

export interface BusinessLead {
  id: string;
  source: BusinessLeadSource;
  name: string;
  phone: string;
  email: string | null;
  intent: string | null;
  notes: string | null;
  /** The call it came from, for a lead taken on a call. */
  call_id: string | null;
  /** What that call booked, oldest first (a caller who booked is a lead); empty for any other lead. */
  appointments: CallAppointmentResource[];
  /** When it reached the business's CRM; null when it has none or the push has not succeeded. */
  crm_synced_at: string | null;
  created_at: string;
}

export const businessLeadsQuerySchema = z.strictObject({ cursor: pageMarkerSchema });

/** Words as compared: lower case, letters and digits only, one space between, padded so a match is whole words. */
const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
/** A note's sentences: "Wants a cleaning. Asked about parking." is two. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).map((sentence) => sentence.trim());

/**
 * "What they want" on the lead list (issue 54 §14): the intent in words and the notes, each thing said once. A
 * sentence whose words another one already says ("Book a cleaning" beside "Ada called to book a cleaning.") is
 * dropped for the fuller one, so the same words never show twice.
 */
export function leadNeed(intent: string | null, notes: string | null): string {
  const intentWords = intent?.trim() ? (LEAD_INTENT_LABELS[intent.trim() as LeadIntent] ?? intent.trim()) : null;
  const pieces = [...(intentWords ? [{ text: intentWords, intent: true }] : []), ...sentencesOf(notes ?? "").map((text) => ({ text, intent: false }))];
  const kept: typeof pieces = [];
  for (const piece of pieces) {
    const words = wordsOf(piece.text);
    if (!words.trim()) continue;
    const same = kept.findIndex((other) => wordsOf(other.text).includes(words) || words.includes(wordsOf(other.text)));
    if (same === -1) kept.push(piece);
    else if (words.length > wordsOf(kept[same]!.text).length) kept[same] = piece;
  }
  const said = [kept.filter((piece) => piece.intent), kept.filter((piece) => !piece.intent)].map((group) => group.map((piece) => piece.text).join(" "));
  return said.filter(Boolean).join(" · ") || "—";
}

export const BUSINESS_LEADS_MESSAGES = {
  empty: "No leads yet. Callers your agent books or saves, and visitors who leave their number in your website chat, appear here.",
  loadFailed: "Failed to load leads",
  crmSent: (when: string) => `Sent ${when}`,
  /** A connected CRM that did not get the lead (its push failed, or it came before the CRM was connected). */
  crmNotSent: "Not sent",
  crmNone: "No CRM connected",
  crmConnect: "Connect one",
  sources: { call: "Call", chat: "Website chat", sms: "Text message", form: "Form" } satisfies Record<BusinessLeadSource, string>,
} as const;

/**
 * `POST /api/widget/leads?key=`: the chat's contact hand-off. The number is kept as the widget normalises it
 * (spec 000 §5), so the business and its CRM get one form of it.
 */
export const widgetLeadSchema = z.strictObject({
  name: z.string(LEAD_MESSAGES.nameMin).check(z.trim(), z.minLength(2, LEAD_MESSAGES.nameMin), z.maxLength(100, LEAD_MESSAGES.nameMax), oneLineText()),
  phone: z.pipe(
    z.string(WIDGET_LEAD_COPY.invalidPhone).check(z.maxLength(30, WIDGET_LEAD_COPY.invalidPhone)),
    z.transform((value, context) => {
      const phone = normalizeWidgetPhone(value);
      if (phone.ok) return phone.e164;
      context.issues.push({ code: "custom", input: value, message: WIDGET_LEAD_COPY.invalidPhone, path: [] });
      return z.NEVER;
    }),
  ),
  notes: z.optional(z.string(LEAD_MESSAGES.notesMax).check(z.trim(), z.maxLength(1000, LEAD_MESSAGES.notesMax), multiLineText())),
});
export type WidgetLead = z.output<typeof widgetLeadSchema>;
