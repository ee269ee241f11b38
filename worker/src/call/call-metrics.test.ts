import { describe, expect, it } from "vitest";
import { CallMetrics, percentile } from "./call-metrics";

describe("a call's latency figures", () => {
  it("greeting from the stream's start, turn gaps from the caller's stop to the answer's first audio, barge-ins and tools", () => {
    const metrics = new CallMetrics();
    metrics.streamStarted(1_000);
    metrics.answerAudio(1_840);
    for (const [stopped, answered] of [
      [5_000, 5_600],
      [9_000, 9_700],
      [12_000, 13_500],
    ]) {
      metrics.callerStopped(stopped!);
      metrics.answerAudio(answered!);
    }
    metrics.bargedIn();
    metrics.tool("book_appointment", 45.4, true);
    // A second item of the same answer (no stop before it) is not a turn.
    metrics.answerAudio(14_000);
    expect(metrics.summary()).toEqual({
      greeting_ms: 840,
      turn_gaps_ms: [600, 700, 1_500],
      turn_gap_p50_ms: 700,
      turn_gap_p95_ms: 1_500,
      barge_ins: 1,
      tools: [{ name: "book_appointment", ms: 45, ok: true }],
    });
  });

  it("percentiles by nearest rank; none without values", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([300, 100, 200, 400], 0.5)).toBe(200);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
  });
});
