import type { Database } from "../db/client";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { agents, phoneNumbers, testRunEffects } from "../db/schema";

export type SuiteEffectKind = "availability" | "booking" | "crm" | "sms" | "transfer" | "follow_up_sms" | "alert";

/**
 * A Test Suite call's side effect, recorded as what would have been done instead of being done (shown in its steps),
 * with what the verdict reads beside the words (`data`: the slots offered, the slot a booking validated).
 */
export async function recordSuiteEffect(db: Database, callId: string, kind: SuiteEffectKind, detail: string, data?: unknown): Promise<void> {
  await db.insert(testRunEffects).values({ callId, kind, detail, data: data === undefined ? null : JSON.stringify(data) });
}

/** The number a Test Suite call rings: the organization's first active number with an agent (spec 001: "the first one"). */
export async function testNumberOf(db: Database, organizationId: string) {
  const [number] = await db
    .select({
      number: phoneNumbers.twilioNumber,
      accountSid: phoneNumbers.twilioAccountSid,
      agent: agents.name,
      hoursJson: agents.hoursJson,
      timeZone: agents.businessHoursTz,
      agentId: agents.id,
    })
    .from(phoneNumbers)
    .innerJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
    .where(and(eq(phoneNumbers.organizationId, organizationId), eq(phoneNumbers.status, "active"), isNotNull(phoneNumbers.assignedAgentId)))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  return number ?? null;
}
