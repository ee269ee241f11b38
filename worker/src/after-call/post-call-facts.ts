import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { outcomeSql } from "../db/call-outcome";
import { preparedQuery } from "../db/prepared";
import { agents, calls, organizationSettings, organizations } from "../db/schema";
import { organizationTimeZoneColumn } from "../org/time-zone";

const factsQuery = preparedQuery((db) =>
  db
    .select({
      call: calls,
      outcome: outcomeSql,
      agentName: agents.name,
      organizationName: organizations.name,
      settings: organizationSettings,
      timeZone: organizationTimeZoneColumn(db, calls.organizationId),
    })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, calls.organizationId))
    .where(eq(calls.id, sql.placeholder("callId")))
    .prepare(),
);

/** What the steps after a call's analysis (the follow-up text, the alert) need to know about it, read in one query. */
export async function postCallFacts(db: Database, callId: string) {
  const [row] = await factsQuery(db).all({ callId });
  return row;
}

export type PostCallFacts = Awaited<ReturnType<typeof postCallFacts>>;
