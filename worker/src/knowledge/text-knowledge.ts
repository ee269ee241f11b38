/**
 * The knowledge of a text conversation (the website chat, SMS replies): what fits goes into the instructions as on a
 * call; beyond the budget, a chat completion has no tool to call, so the lookup is made for it with the visitor's
 * latest words (their last two messages, so "and on Saturdays?" keeps what it follows) and its 3 best sections go in.
 */
import type { Database } from "../db/client";
import { lookupKnowledge } from "./lookup";
import { type AgentKnowledge, agentKnowledge } from "./reader";

/** The visitor's last messages, oldest first, that a lookup searches with. */
const LATEST_TURNS = 2;

export async function textKnowledge(
  db: Database,
  scope: { organizationId: string; agentId: string | null },
  visitorTurns: readonly string[],
): Promise<AgentKnowledge> {
  const knowledge = await agentKnowledge(db, scope.organizationId, scope.agentId);
  if (!knowledge.lookup) return knowledge;
  return { lookup: true, sections: await lookupKnowledge(db, scope, visitorTurns.slice(-LATEST_TURNS).join("\n")) };
}
