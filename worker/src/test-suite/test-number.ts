import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { agents, phoneNumbers } from "../db/schema";

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
