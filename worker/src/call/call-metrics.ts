import type { CallLatency, TurnLatency } from "@nikki/core";
import type { SpeechEnd } from "./turn-taking";

/**
 * A call's latency figures, pure (times handed in): time from the stream's start to the greeting's first audio; each
 * turn as the caller heard it, from the end of their speech to the first frame of the answer sent to Twilio, split
 * at the model's first audio (turn-taking.ts places the end of speech); each turn's gap on the bridge's own clock (the
 * model's end-of-turn event → the answer's first audio, as before); barge-ins; tool calls with their durations.
 * Stored with the call and shown in its detail (issue 10 §3, issue 55 §1).
 */
export type CallMetricsSummary = CallLatency;

/**
 * The response time's figures a batch carries, numbers only (the media plane stays lean): the greeting's, and each turn
 * answered since the previous batch, voice to voice, as CallMetrics measured it and calls.metrics will keep it.
 */
export interface LiveFigures {
  greeting_ms: number | null;
  /** The place of `voice_to_voice_ms[0]` among the segment's answered turns. */
  first_turn: number;
  voice_to_voice_ms: number[];
}

/** The value at `fraction` of the sorted values (nearest rank), or null when there are none. */
export function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

/** Items whose first audio's arrival is kept: the one playing, and a filler's held meanwhile. */
const ARRIVALS_KEPT = 4;

export class CallMetrics {
  private startedAt: number | null = null;
  private greetingMs: number | null = null;
  private turnEnd: SpeechEnd | null = null;
  private gaps: number[] = [];
  private turns: TurnLatency[] = [];
  /** When the model's first audio of each recent item arrived. */
  private readonly arrivals = new Map<string, number>();
  private lastArrival: string | null = null;
  private bargeIns = 0;
  private tools: CallMetricsSummary["tools"] = [];

  streamStarted(now: number) {
    this.startedAt ??= now;
  }

  /** The model's audio of `itemId` arrived (every delta: only an item's first is kept). */
  audioArrived(itemId: string, now: number) {
    if (itemId === this.lastArrival) return;
    this.lastArrival = itemId;
    if (this.arrivals.has(itemId)) return;
    this.arrivals.set(itemId, now);
    if (this.arrivals.size > ARRIVALS_KEPT) this.arrivals.delete(this.arrivals.keys().next().value!);
  }

  /** The caller's turn is over, and the model asked for its answer. */
  turnEnded(end: SpeechEnd) {
    this.turnEnd = end;
  }

  /** The first frame of an assistant item sent to Twilio: the greeting's, or the answer to the turn that ended. */
  answerAudio(itemId: string, now: number) {
    const end = this.turnEnd;
    this.turnEnd = null;
    if (this.startedAt !== null && this.greetingMs === null) {
      this.greetingMs = now - this.startedAt;
      return;
    }
    if (!end) return;
    this.gaps.push(now - end.stoppedAt);
    const arrived = this.arrivals.get(itemId) ?? now;
    const model = Math.max(0, Math.round(arrived - end.clockAt));
    const product = Math.max(0, Math.round(now - arrived));
    this.turns.push({ at_ms: Math.round(end.streamMs), voice_to_voice_ms: model + product, model_ms: model, product_ms: product });
  }

  bargedIn() {
    this.bargeIns++;
  }

  tool(name: string, ms: number, ok: boolean) {
    this.tools.push({ name, ms: Math.round(ms), ok });
  }

  /** The live view's figures (media/live-feed.ts): the greeting's, and each turn's voice to voice from the `from`th on. */
  live(from: number): LiveFigures {
    return { greeting_ms: this.greetingMs, first_turn: from, voice_to_voice_ms: this.turns.slice(from).map((turn) => turn.voice_to_voice_ms) };
  }

  summary(): CallMetricsSummary {
    const voiceToVoice = this.turns.map((turn) => turn.voice_to_voice_ms);
    return {
      greeting_ms: this.greetingMs,
      turn_gaps_ms: this.gaps,
      turn_gap_p50_ms: percentile(this.gaps, 0.5),
      turn_gap_p95_ms: percentile(this.gaps, 0.95),
      turns: this.turns,
      voice_to_voice_p50_ms: percentile(voiceToVoice, 0.5),
      voice_to_voice_p90_ms: percentile(voiceToVoice, 0.9),
      product_p95_ms: percentile(
        this.turns.map((turn) => turn.product_ms),
        0.95,
      ),
      barge_ins: this.bargeIns,
      tools: this.tools,
    };
  }
}
