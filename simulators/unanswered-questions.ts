/**
 * The simulated analysis's questions nobody answered (issue 39 §4), as the product's analysis asks for them
 * (worker/src/knowledge/analysis-questions.ts): each information question the caller asked that the receptionist's
 * next words did not answer (it said it did not know), the open question it restates (every meaningful word of the
 * open one is in it), and a draft from the knowledge the analysis was shown: the sentence sharing the most words
 * (knowledge-answer.ts's rule), or none when the knowledge does not say. Deterministic, so a test can say what the
 * analysis finds.
 */
import { informationQuestion } from "./caller-model";
import { bestSentence, knowledgeOf, meaningfulWords } from "./knowledge-answer";

export interface SimulatedQuestion {
  question: string;
  restates: string;
  suggested_answer: string;
}

/** Where the analysis's instructions list the open questions, one "id: question" a line, to the next blank line. */
const OPEN_HEADING = /^Open questions callers asked before[^\n]*\n/m;
/** What the receptionist says when its knowledge does not answer (knowledge-answer.ts), or a real model's like words. */
const NOT_ANSWERED = /\bI don't know\b|\bno lo sé|\bI'm not sure\b/i;

function openQuestions(system: string): { id: string; words: Set<string> }[] {
  const heading = OPEN_HEADING.exec(system);
  if (!heading) return [];
  const block = system.slice(heading.index + heading[0].length).split("\n\n")[0] ?? "";
  return block
    .split("\n")
    .map((line) => /^([^:\s]+): (.+)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ id: match[1]!, words: meaningfulWords(match[2]!) }));
}

/** The conversation's turns in order, from the "Caller: " and "Receptionist: " lines the analysis is given. */
function turns(transcript: string): { caller: boolean; text: string }[] {
  return transcript
    .split("\n")
    .filter((line) => line.startsWith("Caller: ") || line.startsWith("Receptionist: "))
    .map((line) => ({ caller: line.startsWith("Caller: "), text: line.slice(line.indexOf(": ") + 2).trim() }));
}

export function unansweredQuestions(transcript: string, system: string): SimulatedQuestion[] {
  const said = turns(transcript);
  // A question in the knowledge (an answered one's own words) is not an answer to draft from.
  const knowledge = knowledgeOf(system).filter((sentence) => !sentence.endsWith("?"));
  const open = openQuestions(system);
  const found: SimulatedQuestion[] = [];
  said.forEach((turn, index) => {
    if (!turn.caller) return;
    const question = informationQuestion(turn.text);
    const reply = said.slice(index + 1).find((next) => !next.caller);
    if (!question || !reply || !NOT_ANSWERED.test(reply.text)) return;
    const asked = meaningfulWords(question);
    const restated = open.find((candidate) => candidate.words.size > 0 && [...candidate.words].every((word) => asked.has(word)));
    found.push({ question, restates: restated?.id ?? "", suggested_answer: bestSentence(question, knowledge) ?? "" });
  });
  return found;
}
