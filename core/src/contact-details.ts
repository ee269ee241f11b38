/**
 * Redaction by purpose (DESIGN.md): PII redaction masks what is kept as a record of speech (transcripts, summaries,
 * callers' questions, the model's later context). The contact details a caller gave so the business can reach them (the
 * call's contact entities, a lead, an appointment's person, an alert's "who called") are the business's customer
 * records: kept as given, shown to owners and admins, masked for viewers. Anything else a caller said (an intent, a
 * note) follows the speech rule.
 */
import type { Role } from "./constants";
import type { AppointmentResource } from "./appointments";
import type { BusinessLead } from "./business-leads";
import { PII_MARKERS, redactPii } from "./pii";

/** Whether this role reads contact details masked: viewers do; owners and admins read them as given. */
export const masksContactsFor = (role: Role): boolean => role === "viewer";

/**
 * The marker of an extracted field that names who the caller is or how to reach them (a first name, a callback number,
 * an e-mail; the agent's CRM mapping may add such fields), or null for a field of speech.
 */
export function contactMarker(field: string): string | null {
  const key = field.toLowerCase();
  if (/name/.test(key)) return PII_MARKERS.name;
  if (/phone|mobile|number/.test(key)) return PII_MARKERS.phone;
  if (/e_?mail/.test(key)) return PII_MARKERS.email;
  return null;
}

/** The names the caller gave among what was extracted: masked word by word wherever speech repeats them ("Thanks, Sam."). */
export const callerNamesOf = (entities: Record<string, string>): string[] =>
  Object.entries(entities).flatMap(([key, value]) => (contactMarker(key) === PII_MARKERS.name && value.trim() ? [value] : []));

/**
 * What the analysis extracted, as it is stored with redaction on: contact fields as given; any other field has the PII
 * inside it redacted, as the summary has. `keep`: the business's own names (redactPii).
 */
export function redactedSpeechEntities(entities: Record<string, string>, keep: readonly string[] = []): Record<string, string> {
  const callerNames = callerNamesOf(entities);
  return Object.fromEntries(
    Object.entries(entities).map(([key, value]) => [key, contactMarker(key) || !value.trim() ? value : redactPii(value, keep, callerNames)]),
  );
}

/**
 * What the analysis extracted, as a viewer reads it: each contact field its marker whole, any other field with PII
 * redacted. `keep`: the business's own names (its name, agents, services: worker/src/org/own-names.ts).
 */
export function maskedEntities(entities: Record<string, string>, keep: readonly string[] = []): Record<string, string> {
  const callerNames = callerNamesOf(entities);
  return Object.fromEntries(
    Object.entries(entities).map(([key, value]) => {
      if (!value.trim()) return [key, value];
      return [key, contactMarker(key) ?? redactPii(value, keep, callerNames)];
    }),
  );
}

/** A contact detail as a viewer reads it: its marker, unless there is nothing to mask. */
const masked = <T extends string | null>(value: T, marker: string): T => (value?.trim() ? (marker as T) : value);
/**
 * Free text about a contact (notes, intent) as a viewer reads it: the speech rule, the contact's own name masked inside,
 * the business's own names (`keep`) left as they are.
 */
const maskedSpeech = (value: string | null, name: string, keep: readonly string[]) => (value ? redactPii(value, keep, [name]) : value);

/** A lead as a viewer reads it; `keep`: the business's own names. */
export const maskedLead = (lead: BusinessLead, keep: readonly string[] = []): BusinessLead => ({
  ...lead,
  name: masked(lead.name, PII_MARKERS.name),
  phone: masked(lead.phone, PII_MARKERS.phone),
  email: masked(lead.email, PII_MARKERS.email),
  intent: maskedSpeech(lead.intent, lead.name, keep),
  notes: maskedSpeech(lead.notes, lead.name, keep),
  summary: maskedSpeech(lead.summary, lead.name, keep),
});

/** An appointment as a viewer reads it; `keep`: the business's own names. */
export const maskedAppointment = (appointment: AppointmentResource, keep: readonly string[] = []): AppointmentResource => ({
  ...appointment,
  name: masked(appointment.name, PII_MARKERS.name),
  phone: masked(appointment.phone, PII_MARKERS.phone),
  notes: maskedSpeech(appointment.notes, appointment.name, keep),
});

/**
 * A call's two numbers as a viewer reads them: the caller's (who rang, or whom a call the product placed rang) is a
 * contact detail, masked; the business's own number stays.
 */
export const maskedCallParties = <T extends { from_number: string; to_number: string }>(call: T, inbound: boolean): T =>
  inbound ? { ...call, from_number: masked(call.from_number, PII_MARKERS.phone) } : { ...call, to_number: masked(call.to_number, PII_MARKERS.phone) };

/** What the dashboard says about redaction, next to the setting and on a call. */
export const REDACTION_COPY = {
  setting:
    "Masks names, phone numbers and e-mail addresses in transcripts, summaries and callers' questions; the contact details a caller leaves (leads, appointments, alerts) stay visible to owners and admins, masked for viewers, and are deleted with the transcripts.",
  /** Under the transcript retention: what else goes when transcripts do. */
  retention: "Leads, past appointments and chat and text threads are deleted with them.",
  badgeTitle: "Stored redacted (Settings › Redact personal details), or redacted for viewers.",
  redactedHint: "Names, phone numbers and e-mails in the transcript, summary and questions are masked.",
  contactsMasked: "Contact details are masked for viewers.",
  /** A call analysed while contact details were stored redacted too: what was masked then cannot be shown. */
  contactsStoredRedacted: "This call's contact details were stored redacted when it was analysed, so they stay masked.",
} as const;
