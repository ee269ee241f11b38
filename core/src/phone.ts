/**
 * Phone rules, implemented once (DESIGN.md "Phone rules").
 *
 * - The widget's normalisation (spec 000 §5): strip non-digits; 11 digits starting with 1 → +1 and the
 *   last 10; 10 digits → +1 and the digits; more than 10 otherwise → a leading +; fewer than 10 → invalid.
 *   Input that starts with "+" keeps its own country code (the "10 digits → +1" reading is for input without it).
 *   The result must then be a plus, a digit 1-9 and 1 to 14 more digits.
 * - The operator pages' E.164 check (spec 001 §5): a plus, a digit 1-9, then 6 to 14 more digits.
 */
import * as z from "zod/mini";
import type { Region } from "./constants";

export const WIDGET_E164 = /^\+[1-9]\d{1,14}$/;
export const OPERATOR_E164 = /^\+[1-9]\d{6,14}$/;

export const INVALID_PHONE_FORMAT = "Invalid phone number format";

export type NormalizedPhone = { ok: true; e164: string } | { ok: false; message: string };

export function normalizeWidgetPhone(input: string): NormalizedPhone {
  const digits = input.replace(/\D/g, "");
  let candidate: string;
  if (digits.length < 10) return { ok: false, message: INVALID_PHONE_FORMAT };
  // A number typed with its own "+" keeps its country code: "+53 5123 4567" is Cuba, not +1 (DESIGN.md).
  if (input.trim().startsWith("+")) candidate = `+${digits}`;
  else if (digits.length === 11 && digits.startsWith("1")) candidate = `+1${digits.slice(1)}`;
  else if (digits.length === 10) candidate = `+1${digits}`;
  else candidate = `+${digits}`;
  return WIDGET_E164.test(candidate) ? { ok: true, e164: candidate } : { ok: false, message: INVALID_PHONE_FORMAT };
}

/**
 * How a number is written without its country code in each default region (Settings › Calls): its country calling
 * code, the trunk prefix a national number starts with, and how many digits follow that prefix. The US and Canada use
 * the widget's rule above; "EU" spans many countries, so there a number needs its country code.
 */
const NATIONAL_FORMATS: Partial<Record<Region, { code: string; trunk: string; lengths: readonly number[] }>> = {
  GB: { code: "44", trunk: "0", lengths: [9, 10] },
  AU: { code: "61", trunk: "0", lengths: [9] },
};

/** A number as an owner in the region would write it (placeholders, hints). */
export const PHONE_EXAMPLES: Record<Region, string> = {
  US: "(512) 555-0123",
  CA: "(416) 555-0123",
  GB: "020 7946 0958",
  AU: "(02) 9374 4000",
  EU: "+49 30 901820",
};

/** A number from another country, as an owner in the region would write it. */
export const abroadExample = (region: Region) => (region === "GB" ? "+1 512 555 0123" : "+44 20 7946 0958");

/** How the region's owners may write numbers, for a field's hint. */
export function phoneFormatHint(region: Region): string {
  return region === "EU"
    ? `Write numbers with their country code, like ${PHONE_EXAMPLES.EU}.`
    : `Write numbers as you dial them, like ${PHONE_EXAMPLES[region]}, or with their country code, like ${abroadExample(region)}.`;
}

/**
 * Every phone number an owner types (transfer numbers, blocked numbers, a new appointment, the digest phone, a test
 * call) read once, as E.164: with "+" (or "00" outside North America) it keeps its own country code; without one it is
 * read in the organization's default region ("(720) 555-0123" in the US, "020 7946 0958" in the UK).
 */
export function parsePhone(input: string, region: Region = "US"): NormalizedPhone {
  if (region === "US" || region === "CA") return normalizeWidgetPhone(input);
  const typed = input.trim();
  const digits = typed.replace(/\D/g, "");
  const invalid: NormalizedPhone = { ok: false, message: INVALID_PHONE_FORMAT };
  if (/[^\d\s().+\-/]/.test(typed)) return invalid;
  let candidate: string | null = null;
  if (typed.startsWith("+")) candidate = `+${digits}`;
  else if (digits.startsWith("00")) candidate = `+${digits.slice(2)}`;
  else {
    const national = NATIONAL_FORMATS[region];
    const rest = national && digits.startsWith(national.trunk) ? digits.slice(national.trunk.length) : null;
    if (national && rest !== null && national.lengths.includes(rest.length)) candidate = `+${national.code}${rest}`;
  }
  return candidate && OPERATOR_E164.test(candidate) ? { ok: true, e164: candidate } : invalid;
}

/** A phone field of a request: what the owner typed (at most 40 characters), read in `region`, given on as E.164. */
export function phoneField(region: Region, message: string) {
  return z.pipe(
    z.string(message).check(z.trim(), z.maxLength(40, message)),
    z.transform((typed, context) => {
      const phone = parsePhone(typed, region);
      if (phone.ok) return phone.e164;
      context.issues.push({ code: "custom", input: typed, message, path: [] });
      return z.NEVER;
    }),
  );
}

export function isOperatorE164(input: string): boolean {
  return OPERATOR_E164.test(input.trim());
}

/** The operator pages' test call (spec 001 §5 "Test-call dialog", §8): /live and Voice Operations. */
export const OPERATOR_CALL_MESSAGES = {
  failedTitle: "Call Failed",
  failed: "API error—check Twilio envs, From number, and CORS.",
  dialingTitle: "Dialing…",
  dialing: (number: string) => `Calling ${number} now. Answer to hear Nikki AI!`,
} as const;

export const OPERATOR_PHONE_MESSAGES = {
  requiredTitle: "Phone Number Required",
  required: "Please enter your mobile number in E.164 format",
  invalidTitle: "Invalid Format",
  invalid: "Phone number must be in E.164 format (e.g., +14155552671)",
} as const;
