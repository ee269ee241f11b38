/** The business's time zone (DESIGN.md, Times): its primary agent's, else the default. Days and times shown use it. */
import { AGENT_DEFAULTS } from "@nikki/core";
import { type SQLWrapper, asc, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { agents } from "../db/schema";
import { activeAgentOf, primaryAgent } from "./agents";

export async function organizationTimeZone(db: Database, organizationId: string): Promise<string> {
  return (await primaryAgent(db, organizationId))?.businessHoursTz ?? AGENT_DEFAULTS.timezone;
}

const primary = alias(agents, "primary_agent");

/** The same time zone as a column of a query that has the organization's id, read in that query's round trip. */
export const organizationTimeZoneColumn = (db: Database, organizationId: SQLWrapper) =>
  sql<string>`coalesce((${db
    .select({ timeZone: primary.businessHoursTz })
    .from(primary)
    .where(activeAgentOf(primary, organizationId))
    .orderBy(asc(primary.createdAt))
    .limit(1)}), ${AGENT_DEFAULTS.timezone})`;
