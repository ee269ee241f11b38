import type { KnowledgeEntry, KnowledgeQuestion } from "@nikki/core";
import { jsonList } from "../db/json";
import type { knowledgeEntries, knowledgeQuestions } from "../db/schema";

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

/** The one serializer of a question nobody answered (the inbox's shape). */
export function serializeQuestion(row: typeof knowledgeQuestions.$inferSelect): KnowledgeQuestion {
  return {
    id: row.id,
    text: row.text,
    count: row.count,
    call_ids: jsonList(row.callIds),
    suggested_answer: row.suggestedAnswer,
    last_asked_at: row.updatedAt.toISOString(),
  };
}
