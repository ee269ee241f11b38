/**
 * How the simulated model answers a question, on the phone (caller-model.ts) and in chat (openai.ts): with the sentence
 * of its instructions' knowledge that shares the most words with the question (enough of them: bestSentence), said
 * without the line's source label and title, or it says it does not know. A fixed rule, so a Test Suite
 * verdict measures the product's prompt and knowledge offline: an answer the instructions do not carry is never given,
 * and a sentence that shares one passing word ("customers") with the question is not taken for its answer.
 */
import { sentencesOf } from "@nikki/core/test-knowledge";

/** Where the product's instructions put the business's knowledge (worker/src/agent/instructions.ts); it runs to the next blank line. */
const KNOWLEDGE_HEADING = "What you know about the business:";

const NOT_KNOWN = {
  en: "I'm sorry, I don't know that. I can have someone from the team get back to you.",
  es: "Lo siento, no lo sé. Alguien del equipo le puede llamar.",
} as const;

/** Words that say nothing about what is asked (English and Spanish): a question and a sentence sharing only these share nothing. */
const FILLER = new Set(
  (
    "a an the is are was were be been am do does did have has had i you your we our us they them their it its he she his her me my " +
    "to of in on at for from by with about as and or but if so not no yes can could would should will may might must what which who " +
    "when where why how much many there here this that these those please hi hello hey thanks thank any some tell know like just get " +
    "want need also than then very really there's what's it's i'm i'd " +
    "el la los las un una unos unas de del al y o que qué en por para con es son está están hay cuánto cuánta cuántos cuántas cómo " +
    "cuándo dónde cual cuál quién me mi su sus tu usted le les lo se yo hola gracias favor puede pueden tienen"
  ).split(" "),
);
const QUESTION_WORD =
  /^(how|what|what's|when|where|which|who|why|do|does|did|is|are|can|could|would|will|should|may|cuánto|cuánta|cuántos|cuántas|qué|cómo|cuándo|dónde|cuál|quién|hay|tienen|puede|pueden)\b/i;
const SPANISH = /[¿ñáéíóú]|\b(cuánto|qué|cómo|cuándo|dónde|hay|tienen|usted|precio|cuesta)\b/i;

/** The words that carry meaning, lower-cased, a plural's "s" and an "-ing" dropped ("plans" is "plan", "parking" is "park"). */
export function meaningfulWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}$€£'/-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
    .filter((word) => word && !FILLER.has(word))
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word))
    .map((word) => (word.length > 5 && word.endsWith("ing") ? word.slice(0, -3) : word));
  return new Set(words);
}

/** A knowledge line's source, first: "[from https://…/prices] ", "[typed by the business] " (knowledge/in-instructions.ts). */
const SOURCE_LABEL = /^\[[^\]\n]*\]\s*/gm;

/** The knowledge in a model's instructions, sentence by sentence, without the lines' source labels (none when the instructions carry none). */
export function knowledgeOf(instructions: string): string[] {
  const start = instructions.indexOf(KNOWLEDGE_HEADING);
  if (start < 0) return [];
  const rest = instructions.slice(start + KNOWLEDGE_HEADING.length).replace(/^\s+/, "");
  const end = rest.indexOf("\n\n");
  return sentencesOf((end < 0 ? rest : rest.slice(0, end)).replace(SOURCE_LABEL, ""));
}

/** A title the product puts before a section's text ("Add-on prices: ", "Do you have parking: "): short, no figures. */
const TITLE = /^([^:\d$€£]{1,60}):\s+(.+)$/s;

/**
 * A sentence as said: a section's title (or titles: "Knowledge base: Rosa: …") left out when real words follow it, a
 * question's always ("Do you bring supplies: Yes."), and ended with a full stop when the page's line had none (a price
 * list's "Exam $89 (45 minutes)"), so the next sentence said after it does not run on.
 */
export function spoken(sentence: string): string {
  let said = sentence;
  const isTitle = (match: RegExpExecArray) =>
    match[1]!.split(/\s+/).length <= 8 && (match[2]!.split(/\s+/).length >= 3 || QUESTION_WORD.test(match[1]!.replace(/^¿/, "")));
  for (let match = TITLE.exec(said); match && isTitle(match); match = TITLE.exec(said)) {
    said = match[2]!;
  }
  said = /[.!?…]["'”’)]?$/.test(said.trimEnd()) ? said : `${said.trimEnd()}.`;
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** The question a caller's or visitor's words ask, if any: the sentences ending in "?" or opening with a question word. */
export function questionIn(text: string): string | null {
  const asked = sentencesOf(text).filter((sentence) => sentence.endsWith("?") || QUESTION_WORD.test(sentence.replace(/^¿/, "")));
  return asked.length ? asked.join(" ") : null;
}

/** A question about a price, and a sentence that gives one: a price counts as a word they share. */
const ASKS_PRICE = /\b(how much|cost|costs|price|prices|pricing|charge|charges|fee|fees|rates?|cuánto|cuánta|cuesta|cuestan|precios?)\b/i;
const GIVES_PRICE = /[$€£]\s?\d|\b\d[\d,.]*\s?(dollars|euros|pounds|dólares)\b/i;

/** A question of at most this many words that mean something is short: one of them may be enough (bestSentence). */
const SHORT_QUESTION = 3;

/**
 * The knowledge sentence that shares the most with the question (the first of equals), or null when none shares
 * enough: two words (a price asked and given counts as one), or, for a short question (three words that mean something),
 * one word no other sentence of the knowledge has ("cover" in "Which towns do you cover?"). One word several sentences
 * share ("customers") is not an answer, nor one word of a longer question ("pet" of "Do you treat pet snakes and do
 * you have an MRI machine?" is not "Caring for the pets of Lakewood").
 */
export function bestSentence(question: string, knowledge: string[]): string | null {
  const asked = meaningfulWords(question);
  const asksPrice = ASKS_PRICE.test(question);
  const wordsOf = knowledge.map(meaningfulWords);
  const sentencesWith = (word: string) => wordsOf.filter((words) => words.has(word)).length;
  let best: { sentence: string; score: number } | null = null;
  for (const [index, sentence] of knowledge.entries()) {
    const shared = [...wordsOf[index]!].filter((word) => asked.has(word));
    const score = shared.length + (asksPrice && GIVES_PRICE.test(sentence) ? 1 : 0);
    const enough = score >= 2 || (score === 1 && shared.length === 1 && asked.size <= SHORT_QUESTION && sentencesWith(shared[0]!) === 1);
    if (enough && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence ?? null;
}

const notKnown = (question: string) => NOT_KNOWN[SPANISH.test(question) ? "es" : "en"];

/** Whether an answer is the "I don't know" (either language). */
export const saysNotKnown = (answer: string) => Object.values(NOT_KNOWN).includes(answer as (typeof NOT_KNOWN)[keyof typeof NOT_KNOWN]);

/** The answer to a question, by the rule above; the "I don't know" is in the question's language. */
export function answerFromKnowledge(question: string, instructions: string): string {
  const found = bestSentence(question, knowledgeOf(instructions));
  return found ? spoken(found) : notKnown(question);
}

/** The answer from what lookup_knowledge returned (its sections' title and text), by the same rule. */
export function answerFromSections(question: string, found: Record<string, unknown>): string {
  const sections = Array.isArray(found.sections) ? (found.sections as { title?: unknown; text?: unknown }[]) : [];
  const sentences = sections.flatMap((section) => (typeof section.text === "string" ? sentencesOf(section.text) : []));
  const best = bestSentence(question, sentences);
  return best ? spoken(best) : notKnown(question);
}
