/**
 * The built-in "Answers from the knowledge base" scenario's question: the first price in the agent's knowledge base,
 * asked as a caller would ("Drain cleaning is how much?"), and the price the agent must say.
 */
import { TEST_SCENARIOS, type TestScenario } from "./test-suite";

const MONEY = /[$€£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|euros|pounds|USD|EUR|GBP)\b/i;
const LEADING_LINK = /^(?:for|per|is|are)\s+/i;

/** A text's sentences: split after . ! ? and at line breaks (a price's "1.50" stays whole). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The question a caller asks about the first price the knowledge gives, and that price; null when it gives none. */
export function knowledgeProbe(knowledgeBase: string): { question: string; answer: string } | null {
  for (const sentence of sentencesOf(knowledgeBase)) {
    const found = MONEY.exec(sentence);
    if (!found) continue;
    const answer = found[0].trim();
    const before = sentence.slice(0, found.index).replace(/[\s,:;–—-]+$/, "");
    if (words(before).length >= 2) return { question: `${capitalised(before)} how much?`, answer };
    let after = sentence.slice(found.index + found[0].length).replace(/[.!?\s]+$/, "");
    while (LEADING_LINK.test(after.trim())) after = after.trim().replace(LEADING_LINK, "");
    if (words(after).length >= 1) return { question: `How much is ${after.trim()}?`, answer };
  }
  return null;
}

/** The knowledge scenario as an agent's knowledge makes it: the question it asks and the price it expects (none without a price). */
export function knowledgeScenario(knowledgeBase: string): TestScenario {
  const scenario = TEST_SCENARIOS.find((candidate) => candidate.id === "knowledge")!;
  const probe = knowledgeProbe(knowledgeBase);
  return { ...scenario, lines: probe ? [probe.question] : [], checks: [{ expect: "says", phrase: probe?.answer ?? null }] };
}
