/**
 * PII redaction (spec 001 §9): in transcript text, e-mail addresses, phone numbers and two-word capitalised
 * names are replaced with markers. E-mails go first so their digits are not read as phone numbers.
 */
export const PII_MARKERS = { email: "[EMAIL]", phone: "[PHONE]", name: "[NAME]" } as const;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** 7 or more digits, optionally with a leading +, spaces, dots, dashes and parentheses between them. */
const PHONE = /[+(]?(?:\d[\s.()-]*){6,14}\d/g;
/** A capitalised word, allowing O'Neil and Mary-Jane. */
const WORD = "[A-Z](?:[a-z]+|'[A-Z][a-z]+)(?:-[A-Z][a-z]+)?";
const NAME = new RegExp(`\\b${WORD} ${WORD}\\b`, "g");

export function redactPii(text: string): string {
  return text.replace(EMAIL, PII_MARKERS.email).replace(PHONE, PII_MARKERS.phone).replace(NAME, PII_MARKERS.name);
}
