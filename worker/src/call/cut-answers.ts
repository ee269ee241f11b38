/**
 * Pure: the words of the model's answers that a barge-in cut, for the transcript. The model's item is truncated at the
 * audio heard, and the Realtime API drops a truncated item's transcript with its audio; a response cancelled meanwhile
 * sends no transcript of its own at all (only its `response.done`). So a cut answer is written as the words the caller
 * heard: the share of its text that the audio heard is of the audio sent for it, in whole words (greeting-heard.ts does
 * the same for the greeting rendered ahead). A confirmation cut halfway still shows, as far as it was heard.
 */
import type { ConversationItem } from "openai/resources/realtime/realtime";
import { wordsUpTo } from "./greeting-heard";

export class CutAnswers {
  /** Item id → the share of its audio the caller heard when it was cut. */
  private readonly heard = new Map<string, number>();
  /** Items whose line is written: a cancelled response's `response.done` after its transcript's own `done`. */
  private readonly written = new Set<string>();

  /** A barge-in cut `itemId` after `heardMs` of the `sentMs` of its audio sent to the caller. */
  cut(itemId: string, heardMs: number, sentMs: number): void {
    if (sentMs > 0) this.heard.set(itemId, Math.min(1, Math.max(0, heardMs / sentMs)));
  }

  /**
   * The line to write for `itemId`'s transcript: the whole of it when it was not cut, the words heard when it was, and
   * null when there is none to write (nothing heard, or its line is written already).
   */
  line(itemId: string, transcript: string): string | null {
    if (this.written.has(itemId)) return null;
    const share = this.heard.get(itemId);
    const text = share === undefined ? transcript : wordsUpTo(transcript, Math.floor(share * transcript.length));
    if (!text) return null;
    this.written.add(itemId);
    return text;
  }

  /** A cancelled response's line, from its output's first item: the words heard when a barge-in cut it, else null. */
  cancelled(item: ConversationItem | undefined): string | null {
    if (item?.type !== "message" || item.role !== "assistant" || !item.id || !this.heard.has(item.id)) return null;
    const transcript = item.content[0]?.transcript?.trim();
    return transcript ? this.line(item.id, transcript) : null;
  }
}
