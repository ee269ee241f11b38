import { describe, expect, it } from "vitest";
import { CallMetrics, percentile } from "./call-metrics";

const end = (streamMs: number, clockAt: number, stoppedAt: number) => ({ streamMs, clockAt, stoppedAt });

describe("a call's latency figures", () => {
  it("greeting from the stream's start; each turn voice to voice, split at the model's first audio; gaps, barge-ins and tools", () => {
    const metrics = new CallMetrics();
    metrics.streamStarted(1_000);
    metrics.audioArrived("greeting", 1_830);
    metrics.answerAudio("greeting", 1_840);
    // [the caller's speech ended (stream ms, clock), the model said so, its first audio came, its first frame went out]
    for (const [item, streamMs, endedAt, stopped, arrived, out] of [
      ["a", 3_500, 4_500, 5_000, 5_590, 5_600],
      ["b", 7_480, 8_480, 9_000, 9_700, 9_700],
      ["c", 10_960, 11_960, 12_000, 13_400, 13_500],
    ] as const) {
      metrics.turnEnded(end(streamMs, endedAt, stopped));
      metrics.audioArrived(item, arrived);
      metrics.audioArrived(item, arrived + 5);
      metrics.answerAudio(item, out);
    }
    metrics.bargedIn();
    metrics.tool("book_appointment", 45.4, true);
    // A second item of the same answer (no turn ended before it) is not a turn.
    metrics.answerAudio("d", 14_000);
    expect(metrics.summary()).toEqual({
      greeting_ms: 840,
      turn_gaps_ms: [600, 700, 1_500],
      turn_gap_p50_ms: 700,
      turn_gap_p95_ms: 1_500,
      turns: [
        { at_ms: 3_500, voice_to_voice_ms: 1_100, model_ms: 1_090, product_ms: 10 },
        { at_ms: 7_480, voice_to_voice_ms: 1_220, model_ms: 1_220, product_ms: 0 },
        { at_ms: 10_960, voice_to_voice_ms: 1_540, model_ms: 1_440, product_ms: 100 },
      ],
      voice_to_voice_p50_ms: 1_220,
      voice_to_voice_p90_ms: 1_540,
      product_p95_ms: 100,
      barge_ins: 1,
      tools: [{ name: "book_appointment", ms: 45, ok: true }],
    });
    // The live view's figures: the greeting's and each turn's voice to voice from a place on, the stored ones exactly.
    expect(metrics.live(0)).toEqual({ greeting_ms: 840, first_turn: 0, voice_to_voice_ms: [1_100, 1_220, 1_540] });
    expect(metrics.live(2)).toEqual({ greeting_ms: 840, first_turn: 2, voice_to_voice_ms: [1_540] });
    expect(metrics.live(3).voice_to_voice_ms).toEqual([]);
  });

  it("audio that arrived before it went out (queued behind the bridge's work) is the product's part of the turn", () => {
    const metrics = new CallMetrics();
    metrics.streamStarted(0);
    metrics.answerAudio("greeting", 500);
    metrics.turnEnded(end(2_000, 2_000, 2_500));
    metrics.audioArrived("item_b", 3_000);
    metrics.answerAudio("item_b", 3_012);
    expect(metrics.summary().turns).toEqual([{ at_ms: 2_000, voice_to_voice_ms: 1_012, model_ms: 1_000, product_ms: 12 }]);
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
