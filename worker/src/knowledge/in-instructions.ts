/**
 * The agent's knowledge as its instructions say it (every channel): the sections that fit, each with its source, or
 * how to find them when they do not; and the rule against inventing what the knowledge does not say.
 */
import type { AgentKnowledge, KnowledgeSection } from "./reader";

/** The block's first line. The simulated model (simulators/knowledge-answer.ts) reads the knowledge from here to the next blank line. */
export const KNOWLEDGE_HEADING = "What you know about the business:";

/** How an agent beyond the budget reaches its knowledge: a call's tool, the matches of a text's latest words, or not at all (the browser demo). */
export type KnowledgeReach = "tool" | "matched" | "none";

export const LOOKUP_INSTRUCTION =
  "The business's knowledge is too long to list here. Before you answer anything about the business (its services, prices, hours, areas it serves, policies), call lookup_knowledge with the caller's question in a few words, and answer only from the sections it returns.";
const MATCHED_INSTRUCTION =
  "The business's knowledge is too long to list here: what you know about it is only what matches the latest message, above. Anything it does not say, you do not know.";
const UNMATCHED_INSTRUCTION = "The business's knowledge is too long to list here, and nothing in it matches the latest message: you do not know the answer.";
const DEMO_INSTRUCTION = "The business's knowledge is too long for this demo; say that on a real call you would look the answer up in it.";

function sourceOf(section: KnowledgeSection): string {
  switch (section.source) {
    case "typed":
      return "typed by the business";
    case "question":
      return "the business's answer to a caller's question";
    case "website":
      return section.sourceUrl ? `from ${section.sourceUrl}` : "from the business's website";
  }
}

/**
 * One section on one line or a few, never a blank one (the block ends at the first), its source first; a title ends
 * in a colon, a question without its question mark, so the title and the first sentence read as one.
 */
function sectionLines(section: KnowledgeSection): string {
  const title = section.title.trim().replace(/[?？]+$/, "");
  const text = section.text.trim().replace(/\n\s*\n+/g, "\n");
  return `[${sourceOf(section)}] ${title ? `${title}: ` : ""}${text}`;
}

/** The sections as the instructions carry them, which a reply may quote (instruction-guard.ts). */
export function knowledgeText(sections: readonly KnowledgeSection[]): string {
  return sections.map(sectionLines).join("\n");
}

/** The knowledge's paragraphs of the instructions. */
export function knowledgeParagraphs(knowledge: AgentKnowledge, reach: KnowledgeReach): string[] {
  const paragraphs = knowledge.sections.length ? [`${KNOWLEDGE_HEADING}\n${knowledgeText(knowledge.sections)}`] : [];
  if (!knowledge.lookup) return paragraphs;
  if (reach === "tool") return [LOOKUP_INSTRUCTION];
  if (reach === "none") return [DEMO_INSTRUCTION];
  return [...paragraphs, knowledge.sections.length ? MATCHED_INSTRUCTION : UNMATCHED_INSTRUCTION];
}

/** Issue 39 §3: nothing the knowledge does not say is made up; the agent offers to take a message instead. */
export function noInventionRule(reach: KnowledgeReach, lookup: boolean): string {
  const where = lookup && reach === "tool" ? "what you know about the business or what lookup_knowledge returns" : "what you know about the business";
  return `Never invent prices, hours, policies or any other fact about the business that is not in ${where}. When you do not know, say so and offer to take a message so someone from the team gets back to them. The source in square brackets before each piece of knowledge, and its title, are for you: never read a source, a web address or a bracket out; answer in your own words.`;
}
