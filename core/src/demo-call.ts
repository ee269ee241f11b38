import * as z from "zod/mini";

export const demoCallSchema = z.object({
  phone: z.string().check(z.trim(), z.maxLength(40)),
  consent: z.optional(z.boolean()),
  page_url: z.optional(z.string().check(z.maxLength(2048))),
});

/** ISO countries by E.164 calling code, for the destinations an organization allows (toll-fraud guard). */
const CALLING_CODES: [string, string[]][] = [
  ["1", ["US", "CA"]],
  ["44", ["GB"]],
  ["61", ["AU"]],
  ["353", ["IE"]],
  ["33", ["FR"]],
  ["49", ["DE"]],
  ["34", ["ES"]],
  ["39", ["IT"]],
  ["52", ["MX"]],
];

/** The countries an E.164 number may belong to (NANP numbers are US or Canada); empty when unknown. */
export function countriesOf(e164: string): string[] {
  const digits = e164.replace(/^\+/, "");
  const match = CALLING_CODES.filter(([code]) => digits.startsWith(code)).sort((a, b) => b[0].length - a[0].length)[0];
  return match ? match[1] : [];
}
