/**
 * An owner's note in a live call (issue 56 §3), as the simulated Realtime model honours it: the bridge adds it as a
 * system message whose note stands between «». As a real model would, the next answer carries what it asks for in its
 * own words, never the note read out: an offer ("Offer the 10% new-patient discount") is made to the caller, words the
 * note quotes ('Say "we open at 8"') are said, anything else becomes a word of care.
 */
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";

const NOTE = /«([^»]*)»/;
const OFFER = /^\s*offer(?: them| her| him)?\s+(.+?)[.!]?\s*$/i;
const QUOTED = /'([^']+)'/;

/** The note a conversation item carries, or null when it is none (a greeting the bridge played, a tool's answer). */
export function ownerNoteOf(event: Extract<RealtimeClientEvent, { type: "conversation.item.create" }>): string | null {
  const item = event.item;
  if (item.type !== "message" || item.role !== "system") return null;
  const text = item.content.map((part) => ("text" in part ? part.text : "")).join(" ");
  return NOTE.exec(text)?.[1]?.trim() || null;
}

/** What the next answer says first because of the note. */
export function noteSaid(note: string, spanish: boolean): string {
  const offer = OFFER.exec(note)?.[1];
  if (offer) return spanish ? `Por cierto, le podemos ofrecer ${offer}.` : `By the way, we can offer you ${offer}.`;
  const quoted = QUOTED.exec(note)?.[1];
  if (quoted) return quoted;
  return spanish ? "Nos aseguraremos de atenderle muy bien." : "We'll make sure you're well looked after.";
}
