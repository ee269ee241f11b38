/**
 * Pure: the greeting rendered ahead (issue 38 §1) as one call plays it.
 *
 * - The model is told at once that it was said, as an assistant item, so it waits for the caller rather than greeting
 *   again. A barge-in cuts it as it truncates the model's own audio: the item is replaced by the words the caller heard
 *   (greeting-heard.ts), inserted in its place, or deleted when none were (once the model has named the item, which a
 *   cut before the model's session was ready waits for).
 * - The transcript's entry is written once the greeting is over, with the time it began: the words heard if a barge-in
 *   cut it, the whole line otherwise (played out, another answer after it, or the call's end), as the greeting the
 *   model says is written whatever of it the caller heard.
 * - While the model's session is not ready, the bridge lends it an ear (caller-speech.ts), so a caller talking over it
 *   is heard at once, not when the model has caught up.
 */
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import { CallerSpeech } from "./caller-speech";
import { heardWords } from "./greeting-heard";

/** The item the greeting rendered ahead plays as (BridgeProtocol.playGreeting()); the model's item for it is its own. */
export const CACHED_GREETING = "cached_greeting";

/** The greeting's transcript entry: its words and the milliseconds into the call it began. */
export interface GreetingEntry {
  text: string;
  atMs: number;
}

const said = (text: string): Extract<RealtimeClientEvent, { type: "conversation.item.create" }>["item"] => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

export class CachedGreeting {
  private frames: string | null = null;
  private atMs = 0;
  private over = false;
  private modelReady = false;
  private readonly caller = new CallerSpeech();
  /** The model's id for the item telling it the greeting was said (from its conversation.item.added). */
  private modelItem: string | null = null;
  /** The words heard, when a barge-in cut it and the model's item is still to be replaced. */
  private cutTo: string | null = null;

  constructor(private readonly line: string) {}

  /** Its frames went to Twilio `atMs` into the call: what tells the model it was said. */
  played(frames: string, atMs: number): RealtimeClientEvent[] {
    if (this.frames !== null) return [];
    this.frames = frames;
    this.atMs = atMs;
    return [{ type: "conversation.item.create", item: said(this.line) }];
  }

  /** The model's session is open and has the caller's audio: its own voice activity detection hears them from now. */
  modelIsReady(): void {
    this.modelReady = true;
  }

  /** Whether the bridge listens to the caller itself: from the greeting's start until it is over or the model is ready. */
  get listening(): boolean {
    return this.frames !== null && !this.modelReady && !this.over;
  }

  /** The caller's next frame (base64 μ-law): whether they are talking. */
  hear(payload: string): boolean {
    return this.caller.hear(payload);
  }

  /** An item the model added to its conversation: the greeting's is named, and replaced if it was cut meanwhile. */
  added(itemId: string, role: string | undefined, text: string | undefined): RealtimeClientEvent[] {
    if (this.modelItem !== null || this.frames === null || role !== "assistant" || text !== this.line) return [];
    this.modelItem = itemId;
    return this.replaced();
  }

  /**
   * It is over: `cutAtMs` into it by a barge-in, or undefined when it played whole. The transcript's entry (null when
   * nothing of it was heard, or it never played, or was over already) and what the model is told.
   */
  settle(cutAtMs?: number): { entry: GreetingEntry | null; model: RealtimeClientEvent[] } | null {
    if (this.over || this.frames === null) return null;
    this.over = true;
    if (cutAtMs === undefined) return { entry: { text: this.line, atMs: this.atMs }, model: [] };
    const heard = heardWords(this.line, this.frames, cutAtMs);
    if (heard === this.line) return { entry: { text: heard, atMs: this.atMs }, model: [] };
    this.cutTo = heard;
    return { entry: heard ? { text: heard, atMs: this.atMs } : null, model: this.replaced() };
  }

  /** The model's item, the words heard in its place (none: deleted), once both are known. */
  private replaced(): RealtimeClientEvent[] {
    if (this.modelItem === null || this.cutTo === null) return [];
    const item_id = this.modelItem;
    const words = this.cutTo;
    this.cutTo = null;
    const remove: RealtimeClientEvent = { type: "conversation.item.delete", item_id };
    return words ? [{ type: "conversation.item.create", previous_item_id: item_id, item: said(words) }, remove] : [remove];
  }
}
