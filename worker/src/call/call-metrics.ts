import type { CallLatency } from "@nikki/core";

/**
 * A call's latency figures, pure (times handed in): time from the stream's start to the greeting's first audio,
 * each turn's gap (the caller stopped speaking → the answer's first audio), barge-ins, and tool calls with their
 * durations. Stored with the call and shown in its detail (issue 10 §3).
 */
export type CallMetricsSummary = CallLatency;

/** The value at `fraction` of the sorted values (nearest rank), or null when there are none. */
export function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

export class CallMetrics {
  private startedAt: number | null = null;
  private greetingMs: number | null = null;
  private speechStoppedAt: number | null = null;
  private gaps: number[] = [];
  private bargeIns = 0;
  private tools: CallMetricsSummary["tools"] = [];

  streamStarted(now: number) {
    this.startedAt ??= now;
  }

  /** The first audio of an assistant item: the greeting's, or an answer's after the caller stopped. */
  answerAudio(now: number) {
    if (this.startedAt !== null && this.greetingMs === null) this.greetingMs = now - this.startedAt;
    else if (this.speechStoppedAt !== null) this.gaps.push(now - this.speechStoppedAt);
    this.speechStoppedAt = null;
  }

  callerStopped(now: number) {
    this.speechStoppedAt = now;
  }

  bargedIn() {
    this.bargeIns++;
  }

  tool(name: string, ms: number, ok: boolean) {
    this.tools.push({ name, ms: Math.round(ms), ok });
  }

  summary(): CallMetricsSummary {
    return {
      greeting_ms: this.greetingMs,
      turn_gaps_ms: this.gaps,
      turn_gap_p50_ms: percentile(this.gaps, 0.5),
      turn_gap_p95_ms: percentile(this.gaps, 0.95),
      barge_ins: this.bargeIns,
      tools: this.tools,
    };
  }
}
