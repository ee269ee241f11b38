import * as z from "zod/mini";
import { EMAIL_PATTERN } from "./patterns";
import { multiLineText, oneLineText } from "./plain-text";
import { firstIssuePerField } from "./validation";

/** Messages of spec 000 §5, word for word. */
export const LEAD_MESSAGES = {
  nameMin: "Name must be at least 2 characters",
  nameMax: "Name must be less than 100 characters",
  phoneMin: "Phone number must be at least 10 digits",
  phoneMax: "Phone number must be less than 20 characters",
  phoneChars: "Please enter a valid phone number",
  emailFormat: "Please enter a valid email address",
  emailMax: "Email must be less than 255 characters",
  notesMax: "Notes must be less than 1000 characters",
  intent: "Please choose one of the listed options",
  desiredDateTime: "Please enter a valid date and time",
  sourcePage: "The source page must be a path on this site",
  tooMany: "Too many requests from your network. Please wait a while and try again, or call us.",
} as const;

export const LEAD_INTENTS = ["general_inquiry", "quote", "book_appointment"] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];
export const LEAD_INTENT_LABELS: Record<LeadIntent, string> = {
  general_inquiry: "General inquiry",
  quote: "Get a quote",
  book_appointment: "Book an appointment",
};

const PHONE_CHARS = /^[\d\s\-+()]*$/;
/** A local date-time as an `<input type="datetime-local">` gives it: YYYY-MM-DDTHH:mm[:ss]. */
const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Optional text: trimmed, and absent when empty. */
function optionalText(...checks: z.core.CheckFn<string>[] | z.core.$ZodCheck<string>[]) {
  return z.pipe(
    z.optional(z.string().check(z.trim(), ...(checks as z.core.$ZodCheck<string>[]))),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  );
}

export const leadSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, LEAD_MESSAGES.nameMin), z.maxLength(100, LEAD_MESSAGES.nameMax), oneLineText()),
  phone: z.string().check(
    z.trim(),
    z.regex(PHONE_CHARS, LEAD_MESSAGES.phoneChars),
    z.refine((value: string) => value.replace(/\D/g, "").length >= 10, LEAD_MESSAGES.phoneMin),
    z.maxLength(20, LEAD_MESSAGES.phoneMax),
  ),
  email: optionalText(
    z.refine((value: string) => value === "" || EMAIL_PATTERN.test(value), LEAD_MESSAGES.emailFormat),
    z.maxLength(255, LEAD_MESSAGES.emailMax),
  ),
  intent: z.pipe(
    z.optional(z.union([z.literal(""), z.enum(LEAD_INTENTS, LEAD_MESSAGES.intent)], LEAD_MESSAGES.intent)),
    z.transform((value: "" | LeadIntent | undefined) => (value ? value : undefined)),
  ),
  notes: optionalText(z.maxLength(1000, LEAD_MESSAGES.notesMax), multiLineText()),
  desired_date_time: optionalText(z.refine((value: string) => value === "" || LOCAL_DATE_TIME.test(value), LEAD_MESSAGES.desiredDateTime)),
  source_page: optionalText(
    z.maxLength(2048, LEAD_MESSAGES.sourcePage),
    z.refine((value: string) => value === "" || value.startsWith("/"), LEAD_MESSAGES.sourcePage),
  ),
});

export type LeadInput = z.input<typeof leadSchema>;
export type Lead = z.output<typeof leadSchema>;
export type LeadField = keyof LeadInput;

export type LeadValidation = { ok: true; lead: Lead } | { ok: false; fields: Partial<Record<LeadField, string>> };

/** Validates a lead and answers the first message of each failing field, as the form shows them. */
export function validateLead(input: unknown): LeadValidation {
  const result = z.safeParse(leadSchema, input);
  if (result.success) return { ok: true, lead: result.data };
  return { ok: false, fields: firstIssuePerField(result.error.issues) as Partial<Record<LeadField, string>> };
}

export interface LeadCreated {
  id: string;
}
