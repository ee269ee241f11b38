/**
 * A simulated caller's voice: the words as the simulated recogniser reads them (speech-codec.ts, a click of a few
 * milliseconds), then the caller talking (voiced-speech.ts: a low voice in syllables, as loud as speech), so an owner
 * listening in hears the caller speak, and the caller is heard talking for as long as the line takes to say.
 */
import { encodeText } from "./speech-codec";
import { CALLER_VOICE, voiced } from "./voiced-speech";

const RATE = 8_000;
/** A turn lasts about this long a character (quicker than a caller speaks, some 60 ms)... */
const MS_PER_CHARACTER = 30;
/** ...within these: long enough to hear and to interrupt Nikki with, short enough for scenarios and tests to run often. */
const SHORTEST_MS = 500;
const LONGEST_MS = 1_500;

/** The caller says `text` over `ms` (talking over Nikki: `npm run call:simulate -- --scenario backchannel|interrupt`). */
export function talking(text: string, ms: number): Uint8Array {
  const words = encodeText(text);
  const samples = Math.max(words.length, Math.round((ms * RATE) / 1000));
  const audio = voiced(CALLER_VOICE, samples);
  audio.set(words);
  return audio;
}

/** The caller says `text` at a speaking pace (a scenario's turn). */
export function saying(text: string): Uint8Array {
  return talking(text, Math.min(LONGEST_MS, Math.max(SHORTEST_MS, text.length * MS_PER_CHARACTER)));
}
