/**
 * The built-in knowledge scenarios' questions: "Answers from the knowledge base" asks about the first price in what the
 * agent may use from the Knowledge page (typed first), "Answers from the website" about the first price on an imported page the agent may use that
 * nothing else it knows gives; each asked in a caller's words about the thing priced ("How much is the drain
 * cleaning?"), never as the sentence with its figure taken out, with the price the answer must carry.
 */
import { TEST_SCENARIOS, TEST_SUITE_MESSAGES, type TestScenario, type TestScenarioId } from "./test-suite";

const MONEY = /[$€£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|euros|pounds|USD|EUR|GBP)\b/i;
const LEADING_LINK = /^(?:for|per|is|are)\s+/i;
const ARTICLE_LAST = /\b(?:a|an|the)$/i;
/** Words between the thing and its price: "Wedding cakes from", "Plans start at", "A cleaning costs". */
const LINK_LAST = /\s+(?:is|are|costs?|runs?|starts?|starting|begins?|from|at|only|just|for|per|of|will be)$/i;
/** A sentence led by who offers it ("We offer CareCredit financing for treatments over $500") names no thing to ask the price of. */
const PRONOUN_LED = /^(?:we|you|i|they|it|this|that|these|those|he|she|there|all|every|most|please|call|ask)\b/i;
const MAX_THING_WORDS = 8;
const EDGE_PUNCTUATION = /^[\s\-•*–—:,;]+|[\s\-–—:,;]+$/g;

/** A text's sentences: split after . ! ? and at line breaks (a price's "1.50" stays whole). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** "Sourdough loaf" as said mid-sentence: "sourdough loaf" (an acronym or "X-rays" keeps its capital). */
const midSentence = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** "How much is the drain cleaning?", "How much are the wedding cakes?": the question a caller asks about a thing's price. */
function priceQuestion(thing: string): string {
  const bare = thing.replace(/^(?:a|an|the)\s+/i, "");
  const plural = /[^su]s$/i.test(bare) && !/\band\b/i.test(bare);
  return `How much ${plural ? "are" : "is"} the ${bare}?`;
}

/** The thing a price is for, from the words before it ("Wedding cakes from", "Our cleanings are"); null when they name none. */
function thingPriced(before: string): string | null {
  let thing = before.replace(EDGE_PUNCTUATION, "");
  // "New patients: exam, X-rays and cleaning for $99": the last label's words.
  thing = thing.slice(thing.lastIndexOf(":") + 1).replace(EDGE_PUNCTUATION, "");
  while (LINK_LAST.test(thing)) thing = thing.replace(LINK_LAST, "").replace(EDGE_PUNCTUATION, "");
  thing = thing.replace(/^(?:our|your)\s+/i, "");
  if (!thing || PRONOUN_LED.test(thing) || words(thing).length > MAX_THING_WORDS) return null;
  return midSentence(thing);
}

export interface KnowledgeProbe {
  question: string;
  answer: string;
}

/** The question a caller asks about each price the knowledge gives (a price whose thing the sentence does not name is passed over), in order, and that price. */
export function* knowledgeProbes(knowledge: string): Generator<KnowledgeProbe> {
  for (const sentence of sentencesOf(knowledge)) {
    const found = MONEY.exec(sentence);
    if (!found) continue;
    const answer = found[0].trim();
    const before = sentence.slice(0, found.index).replace(/[\s,:;–—-]+$/, "");
    let after = sentence.slice(found.index + found[0].length).replace(/[.!?\s]+$/, "");
    // "…can be served for a $20 travel fee": the price names its own thing ("How much is the travel fee?").
    if (ARTICLE_LAST.test(before) && words(after).length >= 1 && !LEADING_LINK.test(after.trim())) {
      yield { question: `How much is the ${after.trim()}?`, answer };
      continue;
    }
    if (words(before).length >= 1) {
      const thing = thingPriced(before);
      if (thing) yield { question: priceQuestion(thing), answer };
      continue;
    }
    // "$95 for a boiler service."
    while (LEADING_LINK.test(after.trim())) after = after.trim().replace(LEADING_LINK, "");
    const thing = thingPriced(after);
    if (thing) yield { question: priceQuestion(thing), answer };
  }
}

/** The question a caller asks about the first price the knowledge gives, and that price; null when it gives none. */
export function knowledgeProbe(knowledgeBase: string): KnowledgeProbe | null {
  return knowledgeProbes(knowledgeBase).next().value ?? null;
}

/**
 * The first price of the imported pages (their texts in order) that the rest of the agent's knowledge does not give,
 * so only the website can answer it; null when there is none.
 */
export function websiteProbe(pages: readonly string[], otherKnowledge: string): KnowledgeProbe | null {
  for (const page of pages) for (const probe of knowledgeProbes(page)) if (!givesPrice(otherKnowledge, probe.answer)) return probe;
  return null;
}

/** Whether a text gives this price as a whole ("$8" is not in "$85" nor in "$8.50"). */
function givesPrice(text: string, price: string): boolean {
  return new RegExp(`${price.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d|[.,]\\d)`).test(text);
}

/** A knowledge scenario made from its probe: the question it asks and the price it expects, or why it cannot run. */
function probedScenario(id: TestScenarioId, probe: KnowledgeProbe | null, blocker: string): TestScenario {
  const scenario = TEST_SCENARIOS.find((candidate) => candidate.id === id)!;
  return {
    ...scenario,
    lines: probe ? [probe.question] : [],
    checks: [{ expect: "says", phrase: probe?.answer ?? null }],
    blocker: probe ? null : blocker,
  };
}

/**
 * The knowledge scenario as what the agent may use makes it: the first price of its typed knowledge (its knowledge
 * base, the sections and answers written on the Knowledge page), else of its imported pages, preferring one the website
 * scenario does not already ask about; none without a price anywhere.
 */
export function knowledgeScenario(typedKnowledge: string, pages: readonly string[] = []): TestScenario {
  return probedScenario("knowledge", typedKnowledgeProbe(typedKnowledge, pages), TEST_SUITE_MESSAGES.noKnowledgePrice);
}

function typedKnowledgeProbe(typedKnowledge: string, pages: readonly string[]): KnowledgeProbe | null {
  const typed = knowledgeProbe(typedKnowledge);
  if (typed) return typed;
  const website = websiteProbe(pages, typedKnowledge);
  for (const page of pages) for (const probe of knowledgeProbes(page)) if (probe.answer !== website?.answer) return probe;
  return website;
}

/**
 * The website scenario as what the agent may use makes it: `pages`, the texts of the imported pages it may use (none:
 * the organization imported nothing, or nothing for this agent), and `otherKnowledge`, the text of everything else it may use.
 */
export function websiteScenario(pages: readonly string[], otherKnowledge: string): TestScenario {
  const probe = websiteProbe(pages, otherKnowledge);
  return probedScenario("website", probe, pages.length ? TEST_SUITE_MESSAGES.noWebsitePrice : TEST_SUITE_MESSAGES.noWebsite);
}
