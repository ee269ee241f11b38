/**
 * The live view's feed from the media plane (issue 56 §1): each transcript line, as its speaker finishes it, goes to
 * the control plane in a batch with the lines that came within BATCH_MS of it and the response time of each turn
 * answered since the previous batch (numbers only, as CallMetrics measured them: what the stored call will show).
 * Sending is fire-and-forget on a timer, never on the audio's path: a lost batch costs the live view a line, which the
 * call's stored transcript still has.
 */
import type { LiveFigures } from "../call/call-metrics";
import type { LiveBatch } from "../call/live";
import type { TranscriptEntry } from "../call/plan";
import type { Logger } from "../logger";

/** A caller's line and the answer that starts right after it often come together: one request for both. */
export const BATCH_MS = 100;

export class LiveFeed {
  private pending: TranscriptEntry[] = [];
  private doneAt: number[] = [];
  /** Lines handed over so far (the next batch's `first`). */
  private sent = 0;
  /** Turns whose figure was handed over so far. */
  private turnsSent = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deliver: (batch: LiveBatch) => Promise<void>,
    /** The greeting's figure and each turn's from the given place on; null before the model's session. */
    private readonly figures: (fromTurn: number) => LiveFigures | null,
    private readonly log: Logger,
    private readonly segment: number,
  ) {}

  line(entry: TranscriptEntry): void {
    this.pending.push(entry);
    this.doneAt.push(Date.now());
    this.timer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  /**
   * What waits goes now; the call's end awaits it, so the last lines reach the live views before the end does (and a
   * turn timed after the last line, e.g. an answer the caller hung up on, with no line of its own).
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const latency = this.figures(this.turnsSent);
    if (this.pending.length === 0 && !latency?.voice_to_voice_ms.length) return Promise.resolve();
    const lines = this.pending.splice(0);
    const batch: LiveBatch = {
      first: this.sent,
      lines,
      done_at: this.doneAt.splice(0),
      latency,
      ...(this.segment > 1 ? { segment: this.segment } : {}),
    };
    this.sent += lines.length;
    this.turnsSent += latency?.voice_to_voice_ms.length ?? 0;
    return this.deliver(batch).catch((error: unknown) =>
      this.log.warn("live_lines_lost", { lines: lines.length, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}
