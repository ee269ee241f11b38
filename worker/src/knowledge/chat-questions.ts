/**
 * Questions nobody answered, from the website chat (issue 39 §4). A chat is not stored or analysed after it ends, so
 * each reply to a visitor's question is read once, right after it was sent: the same question analysis as a call's
 * (analysis-questions.ts), recorded the same way, the chat turn named `chat:<id>` in the question's list of calls.
 */
import { CHAT_QUESTION_PREFIX, type ChatTurn, SPEND_PRICES_MICRO_USD } from "@nikki/core";
import { type SpendLimits, chargeWithinCap } from "../billing/spend";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { type FoundQuestion, UNANSWERED_QUESTIONS_SCHEMA, questionContext } from "./analysis-questions";
import { type QuestionRedaction, askedQuestions, recordQuestions } from "./record-questions";

/** A visitor's words that ask something: a question mark, or a question word first. Anything else costs no analysis. */
const ASKS = /\?|^\s*(how|what|when|where|which|who|why|do|does|did|is|are|can|could|will|would|should|may)\b/i;

const oneLine = (text: string) => text.replace(/\s+/g, " ");

/**
 * The last exchange as the analysis reads a call (its "Caller" and "Receptionist" lines), after the turns before it as
 * context only: each reply is analysed once, so a question an earlier reply already left unanswered is not counted again.
 */
const exchange = (turns: ChatTurn[], reply: string) => {
  const earlier = turns.slice(-4, -1).map((turn) => `(earlier) ${turn.role === "user" ? "Visitor" : "Assistant"}: ${oneLine(turn.content)}`);
  return [...earlier, `Caller: ${oneLine(turns.at(-1)?.content ?? "")}`, `Receptionist: ${oneLine(reply)}`].join("\n");
};

export async function recordChatQuestions(
  services: Services,
  log: Logger,
  chat: { organizationId: string; agentId: string | null; turns: ChatTurn[]; reply: string; redact: QuestionRedaction; limits: SpendLimits },
): Promise<void> {
  if (!ASKS.test(chat.turns.at(-1)?.content ?? "")) return;
  const { openai } = await services.providersFor(chat.organizationId);
  if (!openai) return;
  // The analysis is model use like the reply (a few thousand tokens: it reads the knowledge), so it is counted against
  // the daily cap, and skipped when it does not fit under it: checked and counted at once, as chats come side by side.
  if (!(await chargeWithinCap(services, log, chat.organizationId, SPEND_PRICES_MICRO_USD.analysis, chat.limits))) return;
  const context = await questionContext(services.db, chat.organizationId, chat.agentId);
  const found = await openai.chatJson<{ unanswered_questions: FoundQuestion[] }>({
    system: `You read the last exchange of a small business's website chat, answered by its AI assistant (the "Receptionist" line; the visitor's is "Caller"). Lines marked (earlier) are what was said before, for context only: list only what the last Caller line asked.\n\n${context.instructions}`,
    user: exchange(chat.turns, chat.reply),
    schemaName: "chat_questions",
    schema: { type: "object", additionalProperties: false, required: ["unanswered_questions"], properties: UNANSWERED_QUESTIONS_SCHEMA },
  });
  const asked = askedQuestions(found.unanswered_questions, context.openIds, chat.redact);
  await recordQuestions(services.db, chat.organizationId, `${CHAT_QUESTION_PREFIX}${crypto.randomUUID()}`, asked);
  if (asked.length) log.info("chat_questions_recorded", { organization_id: chat.organizationId, questions: asked.length });
}
