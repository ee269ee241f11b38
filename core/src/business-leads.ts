import * as z from "zod/mini";
import type { CallAppointmentResource } from "./appointments";
import { callerSummary, firstSentence } from "./caller-summary";
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
  /** That call's summary once analysed (names masked as stored); null for any other lead. */
  summary: string | null;
  /** What that call booked, oldest first (a caller who booked is a lead); empty for any other lead. */
  appointments: CallAppointmentResource[];
  /** When it reached the business's CRM; null when it has none or the push has not succeeded. */
  crm_synced_at: string | null;
  created_at: string;
}

export const businessLeadsQuerySchema = z.strictObject({ cursor: pageMarkerSchema });

/** "What they want" is one short sentence: a longer one is cut at a word and ends with an ellipsis. */
const NEED_MAX = 140;
const short = (sentence: string) => (sentence.length <= NEED_MAX ? sentence : `${sentence.slice(0, NEED_MAX).replace(/\s+\S*$/, "")}…`);

/**
 * "What they want" on the lead list (issue 54): one short sentence, never the caller's lines run together. A call's
 * lead says its call's summary (the caller named, core's callerSummary); before the call is summarised, or for a
 * chat or text lead, the lead's intent as stored, else what the visitor asked (the chat keeps their question as
 * the lead's note).
 */
export function leadNeed(lead: Pick<BusinessLead, "name" | "intent" | "notes" | "summary">): string {
  const intent = lead.intent?.trim();
  const said = lead.summary?.trim()
    ? callerSummary(lead.summary, lead.name)
    : intent
      ? (LEAD_INTENT_LABELS[intent as LeadIntent] ?? intent)
      : (lead.notes ?? "");
  const sentence = firstSentence(said.replace(/\s+/g, " "));
  return sentence ? short(sentence) : "—";
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
