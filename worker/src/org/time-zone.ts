/**
 * The business's time zone (DESIGN.md, Times): its primary agent's, else the one chosen at sign-up
 * (`organizations.time_zone`). Days and times shown use it, and a new agent starts in it.
 */
import { AGENT_DEFAULTS } from "@nikki/core";
import { type SQLWrapper, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { agents, organizations } from "../db/schema";
import { activeAgentOf } from "./agents";

const primary = alias(agents, "primary_agent");
const chosen = alias(organizations, "zone_organization");

/** The same time zone as a column of a query that has the organization's id, read in that query's round trip. */
export const organizationTimeZoneColumn = (db: Database, organizationId: SQLWrapper) =>
  sql<string>`coalesce((${db
    .select({ timeZone: primary.businessHoursTz })
    .from(primary)
    .where(activeAgentOf(primary, organizationId))
    .orderBy(asc(primary.createdAt))
    .limit(1)}), (${db.select({ timeZone: chosen.timeZone }).from(chosen).where(eq(chosen.id, organizationId))}), ${AGENT_DEFAULTS.timezone})`;

export async function organizationTimeZone(db: Database, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizationTimeZoneColumn(db, organizations.id) })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timeZone ?? AGENT_DEFAULTS.timezone;
}
