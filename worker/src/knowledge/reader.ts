/**
 * What an agent may use at answer time (issue 39 §3): the enabled knowledge entries of its organization assigned to
 * every agent (agent_ids "[]") or to it. When they fit KNOWLEDGE_BUDGET_CHARS they go into the instructions; beyond it
 * the agent looks them up (lookup.ts). One query answers both: the total size, and the entries only when they fit.
 */
import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgeEntries } from "../db/schema";

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

/** The entries an agent may use: its organization's, enabled, for every agent or for it (no agent: every agent's only). */
export function usableBy(organizationId: string, agentId: string | null): SQL {
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

export async function agentKnowledge(db: Database, organizationId: string, agentId: string | null): Promise<AgentKnowledge> {
  const totals = db
    .select({ chars: sql<number>`coalesce(sum(length(${sectionTitle}) + length(${sectionText})), 0)`.as("chars") })
    .from(knowledgeEntries)
    .where(usableBy(organizationId, agentId))
    .as("totals");
  const rows = await db
    .select({
      chars: totals.chars,
      title: sectionTitle,
      text: sectionText,
      source: knowledgeEntries.source,
      sourceUrl: knowledgeEntries.sourceUrl,
    })
    .from(totals)
    .leftJoin(knowledgeEntries, and(sql`${totals.chars} <= ${KNOWLEDGE_BUDGET_CHARS}`, usableBy(organizationId, agentId)))
    .orderBy(SOURCE_ORDER, asc(knowledgeEntries.sourceUrl), sql`${knowledgeEntries}.rowid`);
  const chars = Number(rows[0]?.chars ?? 0);
  if (chars > KNOWLEDGE_BUDGET_CHARS) return { lookup: true, sections: [] };
  return {
    lookup: false,
    sections: rows.flatMap((row) => (row.source ? [{ title: row.title ?? "", text: row.text ?? "", source: row.source, sourceUrl: row.sourceUrl }] : [])),
  };
}
