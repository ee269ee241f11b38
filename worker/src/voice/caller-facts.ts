/**
 * What the call analysis learns about the caller for their next call (issue 37 §3): the language they spoke, and
 * whether they asked the business not to keep their details. The analysis's JSON schema asks for both
 * (CALLER_FACTS_SCHEMA); storeCallerFacts() writes them once the analysis is stored.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { callerMemoryOptOuts, calls } from "../db/schema";

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
 * The call's language, unless it was stored already (detected while the call ran); and, when the caller asked, their
 * number as one this business does not remember. A Test Suite call's synthetic caller is nobody: it records neither.
 */
export async function storeCallerFacts(
  db: Database,
  call: Pick<typeof calls.$inferSelect, "id" | "organizationId" | "fromNumber" | "direction" | "kind">,
  facts: Partial<CallerFacts>,
): Promise<void> {
  const language = primaryLanguage(facts.language);
  if (language)
    await db
      .update(calls)
      .set({ language: sql`coalesce(${calls.language}, ${language})` })
      .where(eq(calls.id, call.id));
  if (facts.forget_me !== true || call.kind === "test" || call.direction !== "inbound") return;
  await db.insert(callerMemoryOptOuts).values({ organizationId: call.organizationId, phone: call.fromNumber, callId: call.id }).onConflictDoNothing();
}
