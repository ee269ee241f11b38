/**
 * Pure: the words of the greeting rendered ahead a caller heard before it was cut (barge-in), for the transcript and for
 * the model, as a truncate tells the model how much of its own audio was heard. The render is the line spoken at an
 * even pace, so the words heard are the line's share that the speech heard is of all its speech: frames loud enough to
 * be speech count, so the render's silence before and after the words (and between sentences) counts for nothing.
 * Only whole words: a word cut in the middle was not heard.
 */
import { FRAME_BASE64_CHARS } from "./audio-frames";
import { isSpeechLevel, measureUlaw, newFrameMeasure } from "./caller-speech";

/** 20 ms a frame. */
const FRAME_MS = 20;

/** The words of `line` heard in its first `heardMs` of `frames` (base64 μ-law, 20 ms frames laid end to end). */
export function heardWords(line: string, frames: string, heardMs: number): string {
  const frameCount = Math.ceil(frames.length / FRAME_BASE64_CHARS);
  const heardFrames = Math.floor(heardMs / FRAME_MS);
  if (heardFrames >= frameCount) return line;
  if (heardFrames <= 0) return "";
  const measure = newFrameMeasure();
  let speech = 0;
  let heardSpeech = 0;
  for (let i = 0; i < frameCount; i++) {
    const at = i * FRAME_BASE64_CHARS;
    if (!isSpeechLevel(measureUlaw(frames, at, at + FRAME_BASE64_CHARS, measure))) continue;
    speech++;
    if (i < heardFrames) heardSpeech++;
  }
  // A render with no frame loud enough (never seen): its share of time instead.
  const share = speech > 0 ? heardSpeech / speech : heardFrames / frameCount;
  return wordsUpTo(line, Math.floor(share * line.length));
}

/** The whole words of `line` that end by character `chars`. */
export function wordsUpTo(line: string, chars: number): string {
  if (chars >= line.length) return line;
  const cut = /\s/.test(line[chars] ?? "") ? chars : line.lastIndexOf(" ", chars);
  return cut > 0 ? line.slice(0, cut).trimEnd() : "";
}
