/**
 * The live view's feed from the media plane (issue 56 §1): each transcript line, as its speaker finishes it, goes to
 * the control plane in a batch with the lines that came within BATCH_MS of it and the call's response time so far.
 * Sending is fire-and-forget on a timer, never on the audio's path: a lost batch costs the live view a line, which the
 * call's stored transcript still has.
 */
import type { CallMetricsSummary } from "../call/call-metrics";
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
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deliver: (batch: LiveBatch) => Promise<void>,
    private readonly latency: () => CallMetricsSummary | null,
    private readonly log: Logger,
    private readonly segment: number,
  ) {}

  line(entry: TranscriptEntry): void {
    this.pending.push(entry);
    this.doneAt.push(Date.now());
    this.timer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  /** What waits goes now; the call's end awaits it, so the last lines reach the live views before the end does. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return Promise.resolve();
    const lines = this.pending.splice(0);
    const batch: LiveBatch = {
      first: this.sent,
      lines,
      done_at: this.doneAt.splice(0),
      latency: this.latency(),
      ...(this.segment > 1 ? { segment: this.segment } : {}),
    };
    this.sent += lines.length;
    return this.deliver(batch).catch((error: unknown) =>
      this.log.warn("live_lines_lost", { lines: lines.length, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}
