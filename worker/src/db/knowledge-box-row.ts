import { knowledgeBoxTitle } from "@nikki/core";
import type { knowledgeEntries } from "./schema";

/** Who an agent's knowledge box (knowledge/box.ts) belongs to. */
export interface BoxOwner {
  organizationId: string;
  agentId: string;
  agentName: string;
}

/** The row of a new knowledge box: one typed section of the knowledge, its agent's (the seed inserts it as it is). */
export const knowledgeBoxRow = (owner: BoxOwner, text: string, id?: string): typeof knowledgeEntries.$inferInsert => ({
  ...(id ? { id } : {}),
  organizationId: owner.organizationId,
  kind: "section",
  source: "typed",
  title: knowledgeBoxTitle(owner.agentName),
  body: text,
  agentIds: JSON.stringify([owner.agentId]),
  boxOfAgentId: owner.agentId,
});
