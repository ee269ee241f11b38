/**
 * The morning digest's questions (issue 39 §4): the open questions callers asked that no knowledge answered, not yet
 * listed by a digest, most asked first. Each is listed once: listing marks it (knowledge_questions.digested_at).
 */
import { and, desc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgeQuestions } from "../db/schema";

/** At most this many a digest; the rest wait for the next one. */
const LISTED = 10;

export interface DigestQuestion {
  id: string;
  text: string;
  count: number;
}

/** The questions asked up to `now` that no digest listed yet. */
export function newQuestions(db: Database, organizationId: string, now: Date): Promise<DigestQuestion[]> {
  return db
    .select({ id: knowledgeQuestions.id, text: knowledgeQuestions.text, count: knowledgeQuestions.count })
    .from(knowledgeQuestions)
    .where(
      and(
        eq(knowledgeQuestions.organizationId, organizationId),
        eq(knowledgeQuestions.status, "open"),
        isNull(knowledgeQuestions.digestedAt),
        lte(knowledgeQuestions.createdAt, now),
      ),
    )
    .orderBy(desc(knowledgeQuestions.count), desc(knowledgeQuestions.updatedAt))
    .limit(LISTED);
}

/** The digest's paragraph: each question with how often it was asked, and where to answer it. */
export function questionLines(questions: DigestQuestion[]): string {
  const heading = `New questions your agent could not answer (${questions.length}):`;
  const lines = questions.map((question) => `• "${question.text}"${question.count > 1 ? ` - asked ${question.count} times` : ""}`);
  return `${heading}\n${lines.join("\n")}\nAnswer them in Knowledge, under Questions to answer: your agent uses the answers from the next call on.`;
}

export async function markDigested(db: Database, questions: DigestQuestion[], now: Date): Promise<void> {
  if (questions.length === 0) return;
  await db
    .update(knowledgeQuestions)
    .set({ digestedAt: now })
    .where(
      inArray(
        knowledgeQuestions.id,
        questions.map((question) => question.id),
      ),
    );
}
