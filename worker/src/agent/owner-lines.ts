/**
 * What the agent is asked to say when an owner acts on a live call (issue 56 §4): the goodbye of End call and the line
 * before a take-over, in the caller's language, word for word (their words are core's: endCallLine(), takeOverLine()).
 */
import { endCallLine, takeOverLine } from "@nikki/core";
import { sayExactly } from "../call/say-exactly";

/** "Gracias por llamar. ¡Adiós!", said as it is written. */
export const goodbyeInstructions = (language: string | null | undefined) => sayExactly(endCallLine(language));

/** "One moment, I'll put you through to Grace", said as it is written. */
export const takeOverInstructions = (language: string | null | undefined, name: string) => sayExactly(takeOverLine(language, name));
