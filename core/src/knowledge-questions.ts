import * as z from "zod/mini";
import { PAGE_MARKER_MESSAGE } from "./page-marker";

/**
 * Questions nobody answered (issue 39 §4): what callers asked that the agent's knowledge did not say, grouped by their
 * normalized text, listed for the owner to answer ("Questions to answer"), and the messages around them.
 */

/** One open question as `GET /api/knowledge/questions` lists it. */
export interface KnowledgeQuestion {
  id: string;
  text: string;
  /** How many calls asked it. */
  count: number;
  call_ids: string[];
  /** The model's draft from the call and the business's knowledge; null when the knowledge does not say. */
  suggested_answer: string | null;
  /** When it was last asked. */
  last_asked_at: string;
}

/** A website chat's turn in a question's `call_ids` (a chat is not stored): `chat:<id>`, shown as the website chat. */
export const CHAT_QUESTION_PREFIX = "chat:";

/** How many questions one call or chat may add, and how long a question's text is kept. */
export const QUESTION_LIMITS = { perCall: 5, textChars: 300, answerChars: 4_000 } as const;

/**
 * Words that carry no meaning of their own in a question (English and Spanish). Negations and question words that
 * change what is asked ("not", "when", "where", "how much") are kept: "when do you open" and "where do you open" differ.
 */
const STOP_WORDS = new Set(
  (
    "a an the is are was were be been being am do does did doing have has had i you your yours we our ours us they them their it its " +
    "he she his her me my mine to of in on at for from by with about as and or but if so then than there here this that these those " +
    "please hi hello hey thanks thank just also really very can could would should will may might must shall any some " +
    "el la los las un una unos unas de del al y o en por para con es son está están me mi su sus tu usted le les lo se yo hola gracias favor"
  ).split(" "),
);

/**
 * The grouping key of a question: lower case, punctuation dropped, stop words dropped, words in order. A question
 * made only of stop words keeps its words (it still has a key of its own).
 */
export function normalizeQuestion(text: string): string {
  const words = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length ? meaningful : words).join(" ");
}

/** A greeting a caller opens with ("Hi,", "Hello there.", "Hola,"): not part of the question the owner answers. */
const OPENING = /^(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|hola|buenos días|buenas tardes|buenas noches|buenas)(?: there)?[\s,.!;:–—-]+)+/iu;

/** A question as the inbox shows it and its answer's entry keeps it: without the caller's greeting, capitalised. */
export function questionText(text: string): string {
  const asked = text.trim().replace(OPENING, "").trim() || text.trim();
  return asked.charAt(0).toUpperCase() + asked.slice(1);
}

/** The page marker of the questions list, most asked then most recently asked first: count, last asked (ms), id. */
export const QUESTION_MARKER = /^(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

export const encodeQuestionMarker = (position: { count: number; updatedAtMs: number; id: string }) =>
  `${position.count}.${position.updatedAtMs}.${position.id}`;

export function decodeQuestionMarker(marker: string): { count: number; updatedAtMs: number; id: string } | null {
  const match = QUESTION_MARKER.exec(marker);
  return match ? { count: Number(match[1]), updatedAtMs: Number(match[2]), id: match[3]! } : null;
}

export const knowledgeQuestionsQuerySchema = z.strictObject({
  cursor: z.optional(z.string(PAGE_MARKER_MESSAGE).check(z.regex(QUESTION_MARKER, PAGE_MARKER_MESSAGE))),
});

export const QUESTION_MESSAGES = {
  title: "Questions to answer",
  intro: "Callers asked these and your agent's knowledge did not say. Answer once, and your agent uses the answer from the next call on.",
  empty: "No unanswered questions. When a caller asks something your agent's knowledge does not cover, it shows up here for you to answer.",
  /** The empty inbox while the knowledge has entries: nothing waits, and that is the news. */
  emptyCovered:
    "No questions waiting. Your agent's knowledge has covered what callers asked so far; when it cannot answer something, the question shows up here for you to answer.",
  /** Said on the Knowledge page itself while it has no entries: what to do here, with its buttons beside it. */
  emptyNext: "Give your agent the answers now: add an entry, or import your website's pages. Or place a test call from Test Suite to see what callers ask.",
  /** The empty inbox for a viewer, who reads it but does not answer. */
  emptyReader: "No unanswered questions. When a caller asks something your agent's knowledge does not cover, it shows up here for an owner or admin to answer.",
  loadFailed: "Failed to load the questions",
  answerRequired: "Write the answer your agent should give.",
  answerTooLong: `Keep the answer under ${QUESTION_LIMITS.answerChars.toLocaleString("en-US")} characters.`,
  answered: "Your agent uses it from the next call or chat on.",
  dismissed: "Question dismissed. It no longer shows here.",
  alreadyAnswered: "This question was answered already. Reload the page to see the questions still open.",
  alreadyDismissed: "This question was dismissed already. Reload the page to see the questions still open.",
  notFound: "That question is not in your organization's list. Reload the page.",
  noSuggestion: "No suggested answer: your knowledge does not say. Write the answer yourself.",
  /** The same, for a viewer, who reads the question but cannot answer it. */
  noSuggestionReader: "No suggested answer: your knowledge does not say. An owner or admin can answer it here.",
} as const;

export const answerQuestionSchema = z.strictObject({
  answer: z
    .string(QUESTION_MESSAGES.answerRequired)
    .check(z.trim(), z.minLength(1, QUESTION_MESSAGES.answerRequired), z.maxLength(QUESTION_LIMITS.answerChars, QUESTION_MESSAGES.answerTooLong)),
});
export type AnswerQuestionInput = z.infer<typeof answerQuestionSchema>;
