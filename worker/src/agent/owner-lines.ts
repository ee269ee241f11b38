/**
 * What the agent is asked to say when an owner acts on a live call (issue 56 §4): the goodbye of End call, in the
 * caller's language, and the line before a take-over, word for word (its words are core's: takeOverLine()).
 */
import { takeOverLine } from "@nikki/core";
import { sayExactly } from "../call/say-exactly";

export const OWNER_GOODBYE =
  "The business has asked you to end this call now. Say a short, warm goodbye to the caller in the language they have been speaking, in one sentence, and nothing else.";

/** "One moment, I'll put you through to Grace", said as it is written. */
export const takeOverInstructions = (language: string | null | undefined, name: string) => sayExactly(takeOverLine(language, name));
