/**
 * An agent's knowledge box (the agents API's `knowledge_base`, issue 39 §1) is one typed section of the knowledge:
 * kind section, source typed, box_of_agent_id and agent_ids naming the agent, titled after it. Empty text is no
 * section. Every reader takes the agent's knowledge from it (the calls', the chat's and their analyses').
 */
import { knowledgeBoxTitle } from "@nikki/core";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { type BoxOwner, knowledgeBoxRow } from "../db/knowledge-box-row";
import { knowledgeEntries } from "../db/schema";
import { knowledgeRoomOf, refuseLongText, refuseWhenFull } from "./limits";

/** The knowledge base text of each of an organization's agents named (absent: none). */
export async function knowledgeBoxesOf(db: Database, organizationId: string, agentIds: string[]): Promise<Map<string, string>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({ agentId: knowledgeEntries.boxOfAgentId, body: knowledgeEntries.body })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.organizationId, organizationId), inArray(knowledgeEntries.boxOfAgentId, agentIds)));
  return new Map(rows.map((row) => [row.agentId!, row.body]));
}

/**
 * Refuses, before anything is written, a knowledge base the plan has no room for: text longer than one entry may
 * carry, or a new box (`agentId` null: a new agent, or one without a box) when the knowledge holds its limit.
 */
export async function refuseBoxPastLimits(db: Database, organizationId: string, agentId: string | null, text: string): Promise<void> {
  if (!text.trim()) return;
  const room = await knowledgeRoomOf(db, organizationId);
  refuseLongText(room, { knowledge_base: text });
  const [box] = agentId
    ? await db
        .select({ id: knowledgeEntries.id })
        .from(knowledgeEntries)
        .where(boxOf({ organizationId, agentId, agentName: "" }))
    : [];
  if (!box) refuseWhenFull(room);
}

/** Writes an agent's knowledge base: the section created on the first text, changed after, deleted when emptied. */
export async function writeKnowledgeBox(db: Database, owner: BoxOwner, text: string) {
  const body = text.trim() ? text : "";
  if (!body) {
    await db.delete(knowledgeEntries).where(boxOf(owner));
  } else {
    await db
      .insert(knowledgeEntries)
      .values(knowledgeBoxRow(owner, body))
      .onConflictDoUpdate({ target: knowledgeEntries.boxOfAgentId, set: { body, updatedAt: new Date() } });
  }
}

/** A renamed agent's box keeps a title that follows its name (a title the owner wrote stays). */
export async function renameKnowledgeBox(db: Database, owner: BoxOwner, previousName: string) {
  await db
    .update(knowledgeEntries)
    .set({ title: knowledgeBoxTitle(owner.agentName) })
    .where(and(boxOf(owner), eq(knowledgeEntries.title, knowledgeBoxTitle(previousName))));
}

const boxOf = (owner: BoxOwner) => and(eq(knowledgeEntries.organizationId, owner.organizationId), eq(knowledgeEntries.boxOfAgentId, owner.agentId));
