/**
 * The organization's knowledge as its data export carries it (knowledge.json): every entry, in the knowledge API's
 * shape (typed, imported from the website or approved from a question, enabled or not), and every question callers
 * asked that the agent could not answer, with what the owner did about it (open, answered with which entry, dismissed).
 */
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgeEntries, knowledgeQuestions } from "../db/schema";
import { serializeKnowledgeEntry, serializeQuestion } from "./resource";

/** Rows read at a time: an organization may have thousands of imported sections. */
const PAGE = 500;

async function paged<T>(read: (offset: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await read(offset);
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

export async function exportKnowledge(db: Database, organizationId: string) {
  const entries = await paged((offset) =>
    db
      .select()
      .from(knowledgeEntries)
      .where(eq(knowledgeEntries.organizationId, organizationId))
      .orderBy(asc(knowledgeEntries.createdAt), asc(knowledgeEntries.id))
      .limit(PAGE)
      .offset(offset),
  );
  const questions = await paged((offset) =>
    db
      .select()
      .from(knowledgeQuestions)
      .where(eq(knowledgeQuestions.organizationId, organizationId))
      .orderBy(desc(knowledgeQuestions.count), asc(knowledgeQuestions.id))
      .limit(PAGE)
      .offset(offset),
  );
  return {
    entries: entries.map(serializeKnowledgeEntry),
    questions: questions.map((row) => ({ ...serializeQuestion(row), status: row.status, answer_entry_id: row.answerEntryId })),
  };
}
