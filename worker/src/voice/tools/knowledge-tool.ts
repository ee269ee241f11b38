import { lookupKnowledge } from "../../knowledge/lookup";
import { type CallTool, text } from "./context";

/** A lookup's words are a question, not a document. */
const QUERY_MAX = 300;

/**
 * lookup_knowledge (issue 39 §3): offered on a call whose agent's knowledge is beyond the instructions' budget (answer.ts
 * adds it to the call's tools); the 3 best sections with their sources, or plainly nothing.
 */
export const lookupKnowledgeTool: CallTool = {
  description:
    "Look up the business's knowledge (services, prices, hours, areas served, policies, answers to common questions) with the caller's question. Returns the 3 best matching sections with their sources. Answer only from them.",
  parameters: {
    type: "object",
    properties: { query: { type: "string", description: "The caller's question in a few words, e.g. 'price of a drain cleaning'", maxLength: QUERY_MAX } },
    required: ["query"],
  },
  async run(args, call, deps) {
    const query = text(args, "query").slice(0, QUERY_MAX);
    if (!query) return { ok: false, error: "Say what to look up: the caller's question in a few words." };
    const sections = await lookupKnowledge(deps.db, { organizationId: call.organizationId, agentId: call.agentId }, query);
    if (!sections.length)
      return {
        ok: true,
        sections: [],
        note: "Nothing in the business's knowledge answers this. Do not guess: say you don't know and offer to take a message.",
      };
    return { ok: true, sections: sections.map(({ title, text, source, sourceUrl }) => ({ title, text, source, source_url: sourceUrl })) };
  },
};
