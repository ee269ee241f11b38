import {
  KNOWLEDGE_MESSAGES,
  type KnowledgePatch,
  knowledgeCreateSchema,
  knowledgeFieldsProblem,
  knowledgePatchSchema,
  knowledgeQuerySchema,
} from "@nikki/core";
import { type SQL, and, desc, eq, or } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit } from "../../audit";
import { containsText } from "../../db/contains-text";
import { afterCursor, pageOf } from "../../db/cursor";
import { knowledgeEntries } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { agentIdsColumn } from "../../http/agent-ids";
import { ApiError } from "../../http/api-error";
import { parseBody, queryOf } from "../../http/parse-body";
import { fullRefusal, knowledgeRoomOf, knowledgeUsage, refuseLongText, refuseWhenFull, undoPastLimit } from "../../knowledge/limits";
import { serializeKnowledgeEntry } from "../../knowledge/resource";
import { access, orgCaller } from "../../middleware/access";

type Ctx = Context<AppEnv>;
type Row = typeof knowledgeEntries.$inferSelect;

const PAGE = 50;
const CONTENT = ["title", "body", "question", "answer"] as const;

const record = (c: Ctx, action: "knowledge_created" | "knowledge_updated" | "knowledge_deleted", id: string, details?: Record<string, unknown>) => {
  const caller = orgCaller(c);
  return audit(c, { action, organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email, target: id, details });
};

/** Every word of the search (its first 8) in the title, text, question or answer, ASCII letters in any case. */
function matching(q: string | undefined): SQL | undefined {
  const words = (q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const e = knowledgeEntries;
  return and(...words.map((word) => or(...[e.title, e.body, e.question, e.answer].map((column) => containsText(column, word)))));
}

async function entryOf(c: Ctx): Promise<Row> {
  const [row] = await c.var.db
    .select()
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.id, c.req.param("id") ?? ""), eq(knowledgeEntries.organizationId, orgCaller(c).organizationId)));
  if (!row) throw new ApiError("not_found", { message: KNOWLEDGE_MESSAGES.notFound });
  return row;
}

/** Refuses the other kind's fields, and other agents for an agent's knowledge base (it serves that agent only). */
function refuseMisfits(existing: Row, input: KnowledgePatch) {
  const problem = knowledgeFieldsProblem(existing.kind, input);
  if (problem) throw new ApiError("validation_failed", { fields: { [problem.field]: problem.message } });
  const otherAgents = input.agent_ids !== undefined && JSON.stringify([...new Set(input.agent_ids)]) !== existing.agentIds;
  if (existing.boxOfAgentId && otherAgents) throw new ApiError("validation_failed", { fields: { agent_ids: KNOWLEDGE_MESSAGES.boxAgents } });
}

/**
 * `/api/knowledge` (issue 39 §1): the organization's knowledge entries, and how many its plan allows (`/usage`).
 * Every member reads them; owners and admins add typed ones (up to the plan's limits), change and delete any. Recently changed first, 50 at a time. An edit of an imported entry's text
 * marks it edited (a re-import keeps it); a change to an agent's knowledge base reaches the agent (knowledge/box.ts).
 */
export const knowledgeEntryRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), queryOf(knowledgeQuerySchema, "a knowledge query"), async (c) => {
    const { q, source, cursor } = c.req.valid("query");
    const e = knowledgeEntries;
    const rows = await c.var.db
      .select()
      .from(e)
      .where(
        and(
          eq(e.organizationId, orgCaller(c).organizationId),
          source ? eq(e.source, source) : undefined,
          matching(q),
          cursor ? afterCursor(cursor, { createdAt: e.updatedAt, id: e.id }) : undefined,
        ),
      )
      .orderBy(desc(e.updatedAt), desc(e.id))
      .limit(PAGE + 1);
    // The page marker is the last entry's updated_at (the list's order), in the shared format.
    const { page, next_cursor } = pageOf(
      rows.map((row) => ({ row, id: row.id, createdAt: row.updatedAt })),
      PAGE,
    );
    return c.json({ entries: page.map(({ row }) => serializeKnowledgeEntry(row)), next_cursor }, 200, { "cache-control": "no-store" });
  })
  .get("/usage", access("viewer"), async (c) => {
    const room = await knowledgeRoomOf(c.var.db, orgCaller(c).organizationId);
    return c.json({ usage: knowledgeUsage(room) }, 200, { "cache-control": "no-store" });
  })
  .post("/", access("admin"), async (c) => {
    const input = await parseBody(c, knowledgeCreateSchema, "a field of a knowledge entry");
    const organizationId = orgCaller(c).organizationId;
    const room = await knowledgeRoomOf(c.var.db, organizationId);
    refuseWhenFull(room);
    refuseLongText(room, { body: input.body, answer: input.answer });
    const agentIds = await agentIdsColumn(c.var.db, organizationId, input.agent_ids, KNOWLEDGE_MESSAGES.agents);
    const [row] = await c.var.db
      .insert(knowledgeEntries)
      .values({
        organizationId,
        kind: input.kind,
        title: input.title ?? "",
        body: input.body ?? "",
        question: input.question ?? "",
        answer: input.answer ?? "",
        source: "typed",
        agentIds: agentIds ?? "[]",
        enabled: input.enabled ?? true,
      })
      .returning();
    if ((await undoPastLimit(c.var.db, room, [row!.id])).length > 0) throw fullRefusal(room);
    await record(c, "knowledge_created", row!.id, { kind: row!.kind, title: row!.title || row!.question });
    return c.json({ entry: serializeKnowledgeEntry(row!) }, 201);
  })
  .patch("/:id", access("admin"), async (c) => {
    const existing = await entryOf(c);
    const input = await parseBody(c, knowledgePatchSchema, "a field of a knowledge entry");
    refuseMisfits(existing, input);
    if (input.body !== undefined || input.answer !== undefined)
      refuseLongText(await knowledgeRoomOf(c.var.db, existing.organizationId), { body: input.body, answer: input.answer });
    const agentIds = await agentIdsColumn(c.var.db, existing.organizationId, input.agent_ids, KNOWLEDGE_MESSAGES.agents);
    const contentChanged = CONTENT.some((field) => input[field] !== undefined && input[field] !== existing[field]);
    const values = Object.fromEntries(
      Object.entries({
        ...Object.fromEntries(CONTENT.map((field) => [field, input[field]])),
        agentIds,
        enabled: input.enabled,
        edited: contentChanged && existing.source === "website" ? true : undefined,
      }).filter(([, value]) => value !== undefined),
    ) as Partial<typeof knowledgeEntries.$inferInsert>;
    const [row] = Object.keys(values).length
      ? await c.var.db
          .update(knowledgeEntries)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(knowledgeEntries.id, existing.id))
          .returning()
      : [existing];
    await record(c, "knowledge_updated", existing.id, { changed: Object.keys(input), title: row!.title || row!.question });
    return c.json({ entry: serializeKnowledgeEntry(row!) });
  })
  .delete("/:id", access("admin"), async (c) => {
    const existing = await entryOf(c);
    await c.var.db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, existing.id));
    await record(c, "knowledge_deleted", existing.id, { kind: existing.kind, source: existing.source, title: existing.title || existing.question });
    return c.json({ entry: serializeKnowledgeEntry(existing) });
  });
