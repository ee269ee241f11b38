/**
 * What the call analysis learns about the caller for their next call (issue 37 §3): the language they spoke, and
 * whether they asked the business not to keep their details. The analysis's JSON schema asks for both
 * (CALLER_FACTS_SCHEMA): the language is stored with the analysis, and storeForgetMe() keeps the opt-out.
 */
import type { CallEffects } from "../call-effects/call-effects";
import type { calls } from "../db/schema";

export interface CallerFacts {
  /** The caller's language, a primary subtag ("en", "es"); empty when the call has none. */
  language: string;
  /** The caller asked not to keep their details (or to delete them). */
  forget_me: boolean;
}

/** The analysis schema's properties for the caller's facts (strict mode: each is required). */
export const CALLER_FACTS_SCHEMA = {
  language: { type: "string", description: "The language the caller spoke, as a lowercase primary subtag: en, es, fr, …; empty string when they said nothing" },
  forget_me: {
    type: "boolean",
    description: "True only when the caller asked the business not to keep, or to delete, their details or information",
  },
} as const;

const PRIMARY_SUBTAG = /^[a-z]{2,3}$/;

/** "es", "ES", "es-MX" → "es"; anything else → null. */
export function primaryLanguage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const subtag = value.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return PRIMARY_SUBTAG.test(subtag) ? subtag : null;
}

/**
 * When the caller asked, their number as one this business does not remember: the call's effect (the language is
 * stored with the analysis: `primaryLanguage`).
 */
export async function storeForgetMe(effects: CallEffects, call: Pick<typeof calls.$inferSelect, "direction">, facts: Partial<CallerFacts>): Promise<void> {
  if (facts.forget_me === true && call.direction === "inbound") await effects.forgetCaller();
}
