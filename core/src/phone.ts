/**
 * Phone rules, implemented once (DESIGN.md "Phone rules").
 *
 * - The widget's normalisation (spec 000 §5): strip non-digits; 11 digits starting with 1 → +1 and the
 *   last 10; 10 digits → +1 and the digits; more than 10 otherwise → a leading +; fewer than 10 → invalid.
 *   Input that starts with "+" keeps its own country code (the "10 digits → +1" reading is for input without it).
 *   The result must then be a plus, a digit 1-9 and 1 to 14 more digits.
 * - The operator pages' E.164 check (spec 001 §5): a plus, a digit 1-9, then 6 to 14 more digits.
 */
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
