/**
 * lookup_knowledge's search: the entries an agent may use (reader.ts's rule) that best match a query, ranked by FTS5's
 * bm25 over the knowledge_search index (a title counts four times its text, the page's title twice), with their sources.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgeEntries } from "../db/schema";
import { type KnowledgeSection, sectionText, sectionTitle, usableBy } from "./reader";
import { matchExpression } from "./search-query";
import { knowledgeSearch } from "./search-table";

/** How many sections a lookup returns. */
export const LOOKUP_SECTIONS = 3;

/** bm25's column weights, in the index's column order: entry_id, organization_id, title, content, page. */
const RANK = sql`bm25(${knowledgeSearch}, 0.0, 0.0, 4.0, 1.0, 2.0)`;

export async function lookupKnowledge(
  db: Database,
  scope: { organizationId: string; agentId: string | null },
  query: string,
  limit = LOOKUP_SECTIONS,
): Promise<KnowledgeSection[]> {
  const match = matchExpression(query, scope.organizationId);
  if (!match) return [];
  return db
    .select({ title: sectionTitle, text: sectionText, source: knowledgeEntries.source, sourceUrl: knowledgeEntries.sourceUrl })
    .from(knowledgeSearch)
    .innerJoin(knowledgeEntries, eq(knowledgeEntries.id, knowledgeSearch.entryId))
    .where(sql`${knowledgeSearch} match ${match} and ${usableBy(scope.organizationId, scope.agentId)}`)
    .orderBy(RANK)
    .limit(limit);
}
