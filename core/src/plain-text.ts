import * as z from "zod/mini";

/**
 * Text people give (names, notes) is plain: no control characters. A bare carriage return or a form feed in a name
 * reaches a calendar feed, a CRM, a text message or a log as a line break nobody wrote; such text is refused where it
 * enters, and what is written out (the iCalendar feed) strips what older rows may still hold.
 */

/** C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators (line ends to some readers). */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
/** Line breaks as typed in a text box (LF or CRLF) and tabs are allowed where text may have lines. */
const TYPED_BREAKS = /\r\n|[\n\t]/g;

export const PLAIN_TEXT_MESSAGES = {
  oneLine: "Use plain text on one line: no tabs, line breaks or other control characters.",
  lines: "Use plain text: line breaks are fine, other control characters are not.",
} as const;

/** True when `value` holds a control character; with `lines`, typed line breaks (LF, CRLF) and tabs are not counted. */
export function hasControlCharacters(value: string, options: { lines?: boolean } = {}): boolean {
  return CONTROL.test(options.lines ? value.replace(TYPED_BREAKS, "") : value);
}

/** A zod check: text on one line (names). */
export const oneLineText = () => z.refine<string>((value) => !hasControlCharacters(value), PLAIN_TEXT_MESSAGES.oneLine);

/** A zod check: text that may have lines (notes). */
export const multiLineText = () => z.refine<string>((value) => !hasControlCharacters(value, { lines: true }), PLAIN_TEXT_MESSAGES.lines);

/** Every line break (CRLF, CR, LF, NEL, U+2028, U+2029) as LF, tabs as spaces, every other control character removed. */
export function plainText(value: string): string {
  return value
    .replace(/\r\n|[\r\u0085\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, "");
}
