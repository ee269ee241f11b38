import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { smsOptOuts } from "../db/schema";

/** Carrier keywords (CTIA): these words alone opt a number out of, or back into, a business's texts. */
export const STOP_WORDS = new Set(["stop", "stopall", "unsubscribe", "cancel", "end", "quit", "optout"]);
export const START_WORDS = new Set(["start", "unstop", "yes"]);
export const HELP_WORDS = new Set(["help", "info"]);

export function keywordOf(body: string): "stop" | "start" | "help" | null {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  if (HELP_WORDS.has(word)) return "help";
  return null;
}

export async function isOptedOut(db: Database, organizationId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.organizationId, organizationId), eq(smsOptOuts.phone, phone)));
  return Boolean(row);
}

/** Opts `phone` out of (or back into) the organization's texts; answers whether that changed anything. */
export async function setOptOut(db: Database, organizationId: string, phone: string, optedOut: boolean): Promise<boolean> {
  const changed = optedOut
    ? await db.insert(smsOptOuts).values({ organizationId, phone }).onConflictDoNothing().returning({ phone: smsOptOuts.phone })
    : await db
        .delete(smsOptOuts)
        .where(and(eq(smsOptOuts.organizationId, organizationId), eq(smsOptOuts.phone, phone)))
        .returning({ phone: smsOptOuts.phone });
  return changed.length > 0;
}
