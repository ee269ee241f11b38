/**
 * What an agent may use at answer time (issue 39 §3): the enabled knowledge entries of its organization assigned to
 * every agent (agent_ids "[]") or to it. When they fit KNOWLEDGE_BUDGET_CHARS they go into the instructions; beyond it
 * the agent looks them up (lookup.ts). One scalar answers both (knowledgeColumn): too much, or the entries in order.
 */
import { type SQL, and, eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { knowledgeEntries, organizations } from "../db/schema";

/** Everything an agent may use goes into its instructions up to this many characters (the old knowledge box's limit). */
export const KNOWLEDGE_BUDGET_CHARS = 20_000;

export type KnowledgeSource = (typeof knowledgeEntries.$inferSelect)["source"];

/** One entry as the agent reads it: a section's title and body, or a pair's question and answer. */
export interface KnowledgeSection {
  title: string;
  text: string;
  source: KnowledgeSource;
  sourceUrl: string | null;
}

/**
 * The agent's knowledge: `sections` to put in its instructions, or (`lookup`) too much for them, when the sections are
 * none (a call looks them up with its tool) or the ones that match a text conversation's latest words (text-knowledge.ts).
 */
export interface AgentKnowledge {
  lookup: boolean;
  sections: KnowledgeSection[];
}

export const NO_KNOWLEDGE: AgentKnowledge = { lookup: false, sections: [] };

/** Who may use an entry: a value, or a column of the query the knowledge is read in (the call's context: call-context.ts). */
type Scope = string | SQL | SQLiteColumn;

/** The entries an agent may use: its organization's, enabled, for every agent or for it (no agent: every agent's only). */
export function usableBy(organizationId: Scope, agentId: Scope | null): SQL {
  const forAgent = agentId
    ? sql`(${knowledgeEntries.agentIds} = '[]' or exists (select 1 from json_each(${knowledgeEntries.agentIds}) where json_each.value = ${agentId}))`
    : sql`${knowledgeEntries.agentIds} = '[]'`;
  return and(eq(knowledgeEntries.organizationId, organizationId), eq(knowledgeEntries.enabled, true), forAgent)!;
}

/** An entry's text as the agent reads it and the index searches it (the migration's CASE says the same). */
export const sectionTitle = sql<string>`case ${knowledgeEntries.kind} when 'qa' then ${knowledgeEntries.question} else ${knowledgeEntries.title} end`;
export const sectionText = sql<string>`case ${knowledgeEntries.kind} when 'qa' then ${knowledgeEntries.answer} else ${knowledgeEntries.body} end`;

/** Typed by the owner first, then approved answers, then the website's pages in order. */
const SOURCE_ORDER = sql`case ${knowledgeEntries.source} when 'typed' then 0 when 'question' then 1 else 2 end`;

/** What `knowledgeColumn` answers for knowledge beyond the budget. */
const LOOKUP = "lookup";

/**
 * The agent's knowledge as one scalar a query selects: LOOKUP when the usable entries are beyond the budget, else a
 * JSON array of the sections in order (the aggregate reads its subquery's rows in their ORDER BY). A column of the
 * voice webhook's context query, so answering a call reads it in the same round trip (call-context.ts).
 */
export function knowledgeColumn(organizationId: Scope, agentId: Scope | null): SQL<string> {
  return sql<string>`(select case when coalesce(sum(length("k"."title") + length("k"."text")), 0) > ${KNOWLEDGE_BUDGET_CHARS} then ${LOOKUP}
    else json_group_array(json_object('title', "k"."title", 'text', "k"."text", 'source', "k"."source", 'sourceUrl', "k"."source_url")) end
    from (select ${sectionTitle} as "title", ${sectionText} as "text", ${knowledgeEntries.source} as "source", ${knowledgeEntries.sourceUrl} as "source_url"
      from ${knowledgeEntries} where ${usableBy(organizationId, agentId)}
      order by ${SOURCE_ORDER}, ${knowledgeEntries.sourceUrl}, ${knowledgeEntries}.rowid) "k")`;
}

/** The knowledge as `knowledgeColumn` selected it. */
export function knowledgeOfColumn(value: string): AgentKnowledge {
  if (value === LOOKUP) return { lookup: true, sections: [] };
  const sections = JSON.parse(value) as { title: string | null; text: string | null; source: KnowledgeSource; sourceUrl: string | null }[];
  return { lookup: false, sections: sections.map((section) => ({ ...section, title: section.title ?? "", text: section.text ?? "" })) };
}

export async function agentKnowledge(db: Database, organizationId: string, agentId: string | null): Promise<AgentKnowledge> {
  const [row] = await db
    .select({ knowledge: knowledgeColumn(organizationId, agentId) })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ? knowledgeOfColumn(row.knowledge) : NO_KNOWLEDGE;
}
