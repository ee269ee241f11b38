/** The agents that speak for an organization beyond its numbers: its primary agent, and the one on its chat widget. */
import { type SQLWrapper, and, asc, eq } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { agents, organizationSettings } from "../db/schema";

/** The organization's active agents, in `table` (the agents table, or an alias of it in a subquery). */
export const activeAgentOf = (table: { organizationId: AnySQLiteColumn; status: AnySQLiteColumn }, organizationId: string | SQLWrapper) =>
  and(eq(table.organizationId, organizationId), eq(table.status, "active"));

/**
 * The organization's primary agent: its oldest active one. It speaks on the chat widget and the browser demo,
 * and its time zone is the business's (time-zone.ts).
 */
export async function primaryAgent(db: Database, organizationId: string): Promise<typeof agents.$inferSelect | null> {
  const [agent] = await db.select().from(agents).where(activeAgentOf(agents, organizationId)).orderBy(asc(agents.createdAt)).limit(1);
  return agent ?? null;
}

/** The agent that answers the chat widget: the one Settings names when it is active, else the primary agent. */
export async function chatAgent(db: Database, organizationId: string): Promise<typeof agents.$inferSelect | null> {
  const [chosen] = await db
    .select({ agent: agents })
    .from(organizationSettings)
    .innerJoin(agents, and(eq(agents.id, organizationSettings.chatAgentId), eq(agents.organizationId, organizationId), eq(agents.status, "active")))
    .where(eq(organizationSettings.organizationId, organizationId));
  return chosen?.agent ?? primaryAgent(db, organizationId);
}
