/**
 * Pure: how much of Nikki's current audio item the caller has heard, for barge-in (protocol.ts).
 *
 * It is read from Twilio's clock, the `timestamp` of each inbound media frame (milliseconds since the stream started):
 * Twilio plays what it is sent at once, in order, in real time, so the audio sent so far ends playing at a known point
 * of that clock, and what is left of it at the latest inbound timestamp is what the caller has not heard yet. A `mark`
 * follows only the end of each answer (and of a filler): Twilio echoes it once all of it has played, which confirms
 * the whole item, and the greeting's tells the call screen when the greeting was over. A mark every 100 ms of audio did
 * the same job for one message out and one back per 100 ms of audio; the timestamps come with the caller's audio anyway.
 */

/** μ-law at 8 kHz: one byte per sample, so 8 bytes per millisecond. */
const PCMU_BYTES_PER_MS = 8;

interface PendingMark {
  itemId: string;
  endMs: number;
}

export class Playout {
  /** The item whose audio Twilio is playing or holds; null once cleared. */
  currentItem: string | null = null;
  /** Milliseconds of `currentItem` sent to Twilio. */
  sentMs = 0;
  /** Audio of `currentItem` sent since its last mark. */
  unmarkedMs = 0;
  /** The name of the last mark sent. */
  lastMark: string | null = null;
  /** Twilio's clock: the latest inbound media frame's timestamp. */
  twilioMs = 0;
  /** The item Twilio was last told to clear: what more of it comes (made before its cancel reached the model) is not played. */
  cleared: string | null = null;
  /** Milliseconds of `currentItem` confirmed played by an echoed mark. */
  private playedMs = 0;
  /** Where on Twilio's clock the audio of `currentItem` sent so far ends playing. */
  private playoutEndMs = 0;
  private marks = new Map<string, PendingMark>();
  private markSeq = 0;

  /** Audio of `itemId` sent to Twilio (base64); true when it starts a new item. */
  sent(itemId: string, delta: string): boolean {
    const fresh = itemId !== this.currentItem;
    if (fresh) {
      // An earlier item's marks stay: its end may still be echoed (the greeting's tells the call screen it played).
      this.reset();
      this.currentItem = itemId;
    }
    const ms = Math.round((base64Length(delta) / PCMU_BYTES_PER_MS) * 1000) / 1000;
    this.sentMs += ms;
    this.unmarkedMs += ms;
    this.playoutEndMs = Math.max(this.playoutEndMs, this.twilioMs) + ms;
    return fresh;
  }

  /** How much of `currentItem` the caller has heard: what was sent, less what is still to play; at least what a mark confirmed. */
  heardMs(): number {
    return Math.max(this.playedMs, this.sentMs - Math.max(0, this.playoutEndMs - this.twilioMs));
  }

  /** Some of `currentItem` is still to play. */
  playing(): boolean {
    return this.currentItem !== null && this.heardMs() < this.sentMs;
  }

  /** A mark at the end of the audio sent so far, named with `prefix`: Twilio echoes it once that much has played. */
  mark(prefix: string, itemId: string): string {
    const name = `${prefix}${++this.markSeq}`;
    this.lastMark = name;
    this.marks.set(name, { itemId, endMs: this.sentMs });
    this.unmarkedMs = 0;
    return name;
  }

  /** Twilio echoed a mark: the item it ended, or undefined when it is none of ours (or was cleared). */
  echoed(name: string): string | undefined {
    const mark = this.marks.get(name);
    if (!mark) return undefined;
    this.marks.delete(name);
    if (mark.itemId === this.currentItem) this.playedMs = Math.max(this.playedMs, mark.endMs);
    return mark.itemId;
  }

  /** Twilio was told to clear: nothing it held will play, nor be echoed. */
  stop(): void {
    this.cleared = this.currentItem;
    this.marks.clear();
    this.reset();
  }

  private reset(): void {
    this.currentItem = null;
    this.sentMs = 0;
    this.playedMs = 0;
    this.unmarkedMs = 0;
    this.playoutEndMs = 0;
  }
}

/** Decoded length of a base64 string, without decoding it. */
export function base64Length(value: string): number {
  const padding = value.endsWith("==") ? 2 : value.endsWith("=") ? 1 : 0;
  return (value.length * 3) / 4 - padding;
}
