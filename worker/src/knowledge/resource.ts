import type { KnowledgeEntry } from "@nikki/core";
import type { knowledgeEntries } from "../db/schema";

const idsOf = (text: string): string[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
};

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
    agent_ids: idsOf(row.agentIds),
    enabled: row.enabled,
    edited: row.edited,
    updated_at: row.updatedAt.toISOString(),
  };
}
