import { PII_MARKERS, isPiiMarker } from "./pii";

const NAME_MARKER = new RegExp(PII_MARKERS.name.replace(/[[\]]/g, "\\$&"), "g");

/** Whether the text before a spot ends a sentence (or is nothing), so the word there starts with a capital. */
const startsSentence = (before: string) => /(^|[.!?:]\s*["“]?)\s*$/.test(before);

/**
 * A call's summary as the owner reads it (issue 54): the summary is stored with names masked ("[NAME] wants a
 * cleaning."), but the owner knows who called. The first masked name is the caller's, named ("Ada Lovelace wants …"),
 * or "The caller" when their name is unknown or hidden from this reader; any later one is someone else the caller
 * spoke of ("someone"), never the marker.
 */
export function callerSummary(summary: string, callerName: string | null | undefined): string {
  const name = callerName?.trim() && !isPiiMarker(callerName) ? callerName.trim() : null;
  let first = true;
  return summary.replace(NAME_MARKER, (_marker, offset: number) => {
    const capital = startsSentence(summary.slice(0, offset));
    const word = first ? (name ?? "the caller") : "someone";
    first = false;
    return capital && word !== name ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
}

/** A text's first sentence: "Ada called to book a cleaning." of a summary that goes on. */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = /[.!?](?=\s|$)/.exec(trimmed);
  return end ? trimmed.slice(0, end.index + 1) : trimmed;
}
