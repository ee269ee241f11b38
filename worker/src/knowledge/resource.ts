import type { KnowledgeEntry } from "@nikki/core";
import { jsonList } from "../db/json";
import type { knowledgeEntries } from "../db/schema";

/** The one serializer of a knowledge entry (issue 39's API shape). */
export function serializeKnowledgeEntry(row: typeof knowledgeEntries.$inferSelect): KnowledgeEntry {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    question: row.question,
    answer: row.answer,
    source: row.source,
    source_url: row.sourceUrl,
    agent_ids: jsonList(row.agentIds),
    enabled: row.enabled,
    edited: row.edited,
    updated_at: row.updatedAt.toISOString(),
  };
}
