/**
 * The post-call analysis's part about questions nobody answered (issue 39 §4): what the analysis is shown (the
 * business's knowledge, to judge what the agent could have said and to draft an answer from, and the questions still
 * open, so it can say which one a new question restates) and what it answers for each question.
 */
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { inOneTrip } from "../db/one-trip";
import { knowledgeEntries, knowledgeQuestions } from "../db/schema";

/** What the analysis finds for one question the agent could not answer from its knowledge. */
export interface FoundQuestion {
  question: string;
  /** The id of the open question it restates, or "" for a new one. */
  restates: string;
  /** A draft answer from the knowledge and the call; "" when neither says. */
  suggested_answer: string;
}

/** The analysis schema's property (strict mode: every field required). */
export const UNANSWERED_QUESTIONS_SCHEMA = {
  unanswered_questions: {
    type: "array",
    description:
      "The caller's questions the receptionist could not answer from the business's knowledge (it said it did not know, or offered a call back instead of an answer); none for requests to book, be called back or speak to a person",
    items: {
      type: "object",
      additionalProperties: false,
      required: ["question", "restates", "suggested_answer"],
      properties: {
        question: { type: "string", description: "The question as a short, self-contained sentence in the caller's words" },
        restates: { type: "string", description: "The id of the open question it asks again in other words, or an empty string" },
        suggested_answer: {
          type: "string",
          description: "A short answer the business could give, only from its knowledge or what was said on the call; an empty string when neither says",
        },
      },
    },
  },
} as const;

/** Where the analysis's instructions carry the knowledge: the heading the agent's own instructions use (agent/instructions.ts). */
const KNOWLEDGE_HEADING = "What you know about the business:";
/** The knowledge shown to the analysis, at most (the instructions' budget). */
const KNOWLEDGE_CHARS = 20_000;
/** The open questions shown, most asked first. */
const OPEN_SHOWN = 30;

export interface QuestionContext {
  /** The paragraphs the analysis's instructions get. */
  instructions: string;
  /** The ids of the open questions shown (a `restates` naming another is ignored). */
  openIds: Set<string>;
}

/**
 * The knowledge the business has (the enabled entries of the organization: the agent's knowledge box, no other
 * agent's, and every other entry, as a draft may come from one this agent is not given) and the open questions, as
 * paragraphs of the analysis's instructions.
 * Blank lines inside the knowledge are folded, so it stays one paragraph under its heading.
 */
export async function questionContext(db: Database, organizationId: string, agentId: string | null): Promise<QuestionContext> {
  const boxes = agentId ? or(isNull(knowledgeEntries.boxOfAgentId), eq(knowledgeEntries.boxOfAgentId, agentId)) : isNull(knowledgeEntries.boxOfAgentId);
  const [entries, open] = await inOneTrip(db, [
    db
      .select({
        kind: knowledgeEntries.kind,
        title: knowledgeEntries.title,
        body: knowledgeEntries.body,
        question: knowledgeEntries.question,
        answer: knowledgeEntries.answer,
      })
      .from(knowledgeEntries)
      .where(and(eq(knowledgeEntries.organizationId, organizationId), eq(knowledgeEntries.enabled, true), boxes))
      // The agent's box first (`is null` is 0 for it), then the newest entries.
      .orderBy(sql`${knowledgeEntries.boxOfAgentId} is null`, desc(knowledgeEntries.updatedAt)),
    db
      .select({ id: knowledgeQuestions.id, text: knowledgeQuestions.text })
      .from(knowledgeQuestions)
      .where(and(eq(knowledgeQuestions.organizationId, organizationId), eq(knowledgeQuestions.status, "open")))
      .orderBy(desc(knowledgeQuestions.count), desc(knowledgeQuestions.updatedAt))
      .limit(OPEN_SHOWN),
  ]);
  const knowledge = entries
    .map((entry) => (entry.kind === "qa" ? `${entry.question} ${entry.answer}` : `${entry.title}: ${entry.body}`))
    .map((text) => text.replace(/\n\s*\n/g, "\n").trim())
    .filter(Boolean)
    .join("\n")
    .slice(0, KNOWLEDGE_CHARS);
  const paragraphs = [
    "List the caller's questions the receptionist could not answer from the business's knowledge. For each, draft the answer the business could give, only from the knowledge below or what was said on the call; when they do not say, leave the draft empty: never invent a price, an hour or a policy.",
    knowledge ? `${KNOWLEDGE_HEADING}\n${knowledge}` : "The business has written down no knowledge yet.",
    open.length
      ? `Open questions callers asked before (id: question). When a question asks one of these again in other words, give its id as restates:\n${open.map((question) => `${question.id}: ${question.text}`).join("\n")}`
      : "",
  ];
  return { instructions: paragraphs.filter(Boolean).join("\n\n"), openIds: new Set(open.map((question) => question.id)) };
}
