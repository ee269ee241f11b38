/**
 * Records the questions a call's analysis found nobody answered (issue 39 §4): one knowledge question per normalized
 * text in an organization (core's normalizeQuestion), or the open question the analysis says it restates. Asked again,
 * a question's count and call list grow, once per call: a call analysed again (Reprocess) counts nothing twice. An
 * answered one asked again is open again; a dismissed one stays dismissed.
 */
import { QUESTION_LIMITS, normalizeQuestion, questionText } from "@nikki/core";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgeQuestions } from "../db/schema";
import type { FoundQuestion } from "./analysis-questions";

export interface AskedQuestion {
  text: string;
  restates: string;
  suggestedAnswer: string | null;
}

/** How a question and its draft are masked before they are kept (with redaction off, neither is). */
export interface QuestionRedaction {
  question(text: string): string;
  draft(text: string): string;
}

/** With redaction off: questions and drafts kept as the model gave them. */
export const UNREDACTED: QuestionRedaction = { question: (text) => text, draft: (text) => text };

/** The analysis's questions, cleaned: trimmed, the caller's greeting dropped, cut to the stored length, without empty or repeated ones, at most 5. */
export function askedQuestions(found: FoundQuestion[] | undefined, openIds: Set<string>, redact: QuestionRedaction): AskedQuestion[] {
  const seen = new Set<string>();
  const asked: AskedQuestion[] = [];
  for (const item of found ?? []) {
    const text = redact.question(questionText(String(item.question ?? ""))).slice(0, QUESTION_LIMITS.textChars);
    const key = normalizeQuestion(text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const draft = redact.draft(String(item.suggested_answer ?? "").trim()).slice(0, QUESTION_LIMITS.answerChars);
    asked.push({ text, restates: openIds.has(item.restates) ? item.restates : "", suggestedAnswer: draft || null });
    if (asked.length === QUESTION_LIMITS.perCall) break;
  }
  return asked;
}

/** The call is not in the question's list yet (so asking again counts once per call). */
const notListed = (callId: string) => sql`not exists (select 1 from json_each(${knowledgeQuestions.callIds}) where value = ${callId})`;

/** The question's count and calls, grown by this call, and its draft kept (or the first one given). */
const askedAgain = (callId: string, suggestedAnswer: string | null, now: Date) => ({
  count: sql`${knowledgeQuestions.count} + 1`,
  callIds: sql`json_insert(${knowledgeQuestions.callIds}, '$[#]', ${callId})`,
  suggestedAnswer: sql`coalesce(${knowledgeQuestions.suggestedAnswer}, ${suggestedAnswer})`,
  updatedAt: now,
});

/** Stores each question against the organization's list: the one it restates, else the one with its normalized text, else a new one. */
export async function recordQuestions(db: Database, organizationId: string, callId: string, asked: AskedQuestion[], now = new Date()): Promise<void> {
  for (const question of asked) {
    if (question.restates) {
      await db
        .update(knowledgeQuestions)
        .set(askedAgain(callId, question.suggestedAnswer, now))
        .where(and(eq(knowledgeQuestions.id, question.restates), eq(knowledgeQuestions.organizationId, organizationId), notListed(callId)));
      continue;
    }
    await db
      .insert(knowledgeQuestions)
      .values({
        organizationId,
        text: question.text,
        normalized: normalizeQuestion(question.text),
        callIds: JSON.stringify([callId]),
        suggestedAnswer: question.suggestedAnswer,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [knowledgeQuestions.organizationId, knowledgeQuestions.normalized],
        // Answered, yet asked and not answered again (its entry disabled, deleted or not for this agent): open again.
        set: {
          ...askedAgain(callId, question.suggestedAnswer, now),
          status: sql`case when ${knowledgeQuestions.status} = 'answered' then 'open' else ${knowledgeQuestions.status} end`,
        },
        setWhere: notListed(callId),
      });
  }
}
