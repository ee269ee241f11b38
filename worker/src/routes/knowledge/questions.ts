import { QUESTION_MESSAGES, answerQuestionSchema, decodeQuestionMarker, encodeQuestionMarker, knowledgeQuestionsQuerySchema } from "@nikki/core";
import { and, desc, eq, gt, lt, ne, or } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { fullRefusal, knowledgeRoomOf, refuseLongText, refuseWhenFull, undoPastLimit } from "../../knowledge/limits";
import { serializeKnowledgeEntry, serializeQuestion } from "../../knowledge/resource";
import { knowledgeEntries, knowledgeQuestions } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody, queryOf } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";

type Ctx = Context<AppEnv>;
type QuestionRow = typeof knowledgeQuestions.$inferSelect;

const PAGE = 50;

/** The rows after a marker: fewer asks, or as many and asked earlier, or both the same and a smaller id. */
function afterMarker(cursor: string) {
  const position = decodeQuestionMarker(cursor);
  if (!position) return lt(knowledgeQuestions.count, 0);
  const when = new Date(position.updatedAtMs);
  const { count, updatedAt, id } = knowledgeQuestions;
  return or(
    lt(count, position.count),
    and(eq(count, position.count), lt(updatedAt, when)),
    and(eq(count, position.count), eq(updatedAt, when), lt(id, position.id)),
  );
}

/** The organization's question named in the path, open or dismissed (an answered one is refused). */
async function answerable(c: Ctx): Promise<QuestionRow> {
  const [row] = await c.var.db
    .select()
    .from(knowledgeQuestions)
    .where(and(eq(knowledgeQuestions.id, c.req.param("id") ?? ""), eq(knowledgeQuestions.organizationId, orgCaller(c).organizationId)));
  if (!row) throw new ApiError("not_found", { message: QUESTION_MESSAGES.notFound });
  if (row.status === "answered") throw new ApiError("conflict", { message: QUESTION_MESSAGES.alreadyAnswered });
  return row;
}

const record = (c: Ctx, action: "knowledge_question_answered" | "knowledge_question_dismissed", id: string, details: Record<string, unknown>) => {
  const caller = orgCaller(c);
  return audit(c, { action, organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email, target: id, details });
};

/**
 * `/api/knowledge/questions` (issue 39 §4): the questions callers asked that the knowledge did not answer, open ones,
 * most asked then most recently asked first; an answer becomes a knowledge entry (kind qa, source question, for every
 * agent) the agents use from the next call on. Every member reads; owners and admins answer and dismiss.
 */
export const knowledgeQuestionRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), queryOf(knowledgeQuestionsQuerySchema, "a questions query"), async (c) => {
    const { cursor } = c.req.valid("query");
    const { count, updatedAt, id } = knowledgeQuestions;
    const rows = await c.var.db
      .select()
      .from(knowledgeQuestions)
      .where(
        and(
          eq(knowledgeQuestions.organizationId, orgCaller(c).organizationId),
          eq(knowledgeQuestions.status, "open"),
          gt(count, 0),
          cursor ? afterMarker(cursor) : undefined,
        ),
      )
      .orderBy(desc(count), desc(updatedAt), desc(id))
      .limit(PAGE + 1);
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    const next_cursor = rows.length > PAGE && last ? encodeQuestionMarker({ count: last.count, updatedAtMs: last.updatedAt.getTime(), id: last.id }) : null;
    return c.json({ questions: page.map(serializeQuestion), next_cursor }, 200, { "cache-control": "no-store" });
  })
  .post("/:id/answer", access("admin"), async (c) => {
    const question = await answerable(c);
    const { answer } = await parseBody(c, answerQuestionSchema, "a field of an answer");
    const room = await knowledgeRoomOf(c.var.db, question.organizationId);
    refuseWhenFull(room);
    refuseLongText(room, { answer });
    const now = new Date();
    const [entry] = await c.var.db
      .insert(knowledgeEntries)
      .values({
        organizationId: question.organizationId,
        kind: "qa",
        source: "question",
        question: question.text,
        answer,
        agentIds: "[]",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if ((await undoPastLimit(c.var.db, room, [entry!.id])).length > 0) throw fullRefusal(room);
    // Claimed only while nobody else answered it meanwhile; else the entry just made goes again.
    const claimed = await c.var.db
      .update(knowledgeQuestions)
      .set({ status: "answered", answerEntryId: entry!.id, updatedAt: now })
      .where(and(eq(knowledgeQuestions.id, question.id), ne(knowledgeQuestions.status, "answered")))
      .returning({ id: knowledgeQuestions.id });
    if (claimed.length === 0) {
      await c.var.db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, entry!.id));
      throw new ApiError("conflict", { message: QUESTION_MESSAGES.alreadyAnswered });
    }
    const entryId = entry!.id;
    await record(c, "knowledge_question_answered", question.id, { entry_id: entryId });
    return c.json({ entry: serializeKnowledgeEntry(entry!) }, 201);
  })
  .post("/:id/dismiss", access("admin"), async (c) => {
    const question = await answerable(c);
    if (question.status === "dismissed") throw new ApiError("conflict", { message: QUESTION_MESSAGES.alreadyDismissed });
    await c.var.db.update(knowledgeQuestions).set({ status: "dismissed", updatedAt: new Date() }).where(eq(knowledgeQuestions.id, question.id));
    await record(c, "knowledge_question_dismissed", question.id, { text: question.text });
    return c.body(null, 204);
  });
