import { KNOWLEDGE_LIMIT_MESSAGES, type KnowledgeUsage, knowledgeAllowance } from "@nikki/core";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { planInEffect } from "../billing/plan";
import type { Database } from "../db/client";
import { knowledgeEntries } from "../db/schema";
import { ApiError } from "../http/api-error";

/**
 * The one place that bounds an organization's knowledge (the plan's `knowledge`): how many entries it holds, and how
 * much text one may carry. Typed entries, approved questions, agents' knowledge bases and website imports all ask here.
 */
export interface KnowledgeRoom {
  organizationId: string;
  used: number;
  maxEntries: number;
  maxChars: number;
  /** "The Growth plan", or "The free trial (as Growth)": who sets the limit, as the messages say it. */
  allowance: string;
}

const ofOrganization = (organizationId: string) => eq(knowledgeEntries.organizationId, organizationId);

export async function entriesHeld(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ held: count() }).from(knowledgeEntries).where(ofOrganization(organizationId));
  return row?.held ?? 0;
}

export async function knowledgeRoomOf(db: Database, organizationId: string): Promise<KnowledgeRoom> {
  const [{ plan, status }, used] = await Promise.all([planInEffect(db, organizationId), entriesHeld(db, organizationId)]);
  return {
    organizationId,
    used,
    maxEntries: plan.knowledge.entries,
    maxChars: plan.knowledge.entryChars,
    allowance: knowledgeAllowance(plan.name, status !== "subscribed"),
  };
}

export const knowledgeUsage = (room: KnowledgeRoom): KnowledgeUsage => ({
  entries: room.used,
  max_entries: room.maxEntries,
  max_entry_chars: room.maxChars,
});

/** Entries that may still be added (none when a smaller plan left more than it allows). */
export const entriesLeft = (room: KnowledgeRoom) => Math.max(0, room.maxEntries - room.used);

export const fullRefusal = (room: KnowledgeRoom) => new ApiError("plan_limit", { message: KNOWLEDGE_LIMIT_MESSAGES.full(room.allowance, room.maxEntries) });

/** Refuses one more entry when the organization holds its plan's limit (403 `plan_limit`). */
export function refuseWhenFull(room: KnowledgeRoom): void {
  if (entriesLeft(room) === 0) throw fullRefusal(room);
}

/** Refuses text longer than the plan allows in one entry, under the field that carries it (undefined: not changed). */
export function refuseLongText(room: KnowledgeRoom, texts: Record<string, string | undefined>): void {
  const message = KNOWLEDGE_LIMIT_MESSAGES.text(room.allowance, room.maxChars);
  const fields = Object.fromEntries(
    Object.entries(texts).flatMap(([field, text]) => (text !== undefined && text.length > room.maxChars ? [[field, message]] : [])),
  );
  if (Object.keys(fields).length > 0) throw new ApiError("validation_failed", { message, fields });
}

/**
 * Of the entries `ids` just written, those that requests writing at the same moment left past the plan's limit are
 * deleted again (the organization's entries counted in the order they were inserted), and answered. The check before the
 * write keeps the limit alone; this keeps it against a burst of writes made in parallel.
 */
export async function undoPastLimit(db: Database, room: Pick<KnowledgeRoom, "organizationId" | "maxEntries">, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0 || (await entriesHeld(db, room.organizationId)) <= room.maxEntries) return [];
  const beyond = await db
    .select({ id: knowledgeEntries.id })
    .from(knowledgeEntries)
    .where(ofOrganization(room.organizationId))
    // rowid: the order rows were inserted in (created_at ties within a millisecond).
    .orderBy(sql`rowid`)
    .limit(Number.MAX_SAFE_INTEGER)
    .offset(room.maxEntries);
  const mine = new Set(ids);
  const undone = beyond.map((row) => row.id).filter((id) => mine.has(id));
  if (undone.length > 0) await db.delete(knowledgeEntries).where(and(ofOrganization(room.organizationId), inArray(knowledgeEntries.id, undone)));
  return undone;
}
