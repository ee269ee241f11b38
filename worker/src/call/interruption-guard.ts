/**
 * Pure: whether the caller's speech over the agent has gone on long enough to interrupt her (issue 55 §2: LiveKit's
 * minimum interruption duration). The model's voice activity detection says where the caller's speech began
 * (`audio_start_ms`, placed on the stream: input-timeline.ts); the bridge counts how much of the caller's audio since
 * then was loud (caller-speech.ts LineLevel: speech level, well over the line's floor), and the speech interrupts once
 * that reaches the minimum. A cough, a door, an "mm-hm" stay under it.
 *
 * The frames are measured only while the agent talks (the bridge asks), and the last RING_FRAMES of them are kept,
 * since the model says speech began only after hearing some of it: what came before its word counts too.
 */
import { LineLevel } from "./caller-speech";

/**
 * How long the caller speaks over the agent before she stops, when the call's plan does not say: the agents' default
 * (core/src/turn-taking.ts), written here so the media plane bundles no zod.
 */
export const DEFAULT_INTERRUPTION_MIN_MS = 300;
/** 1.28 s of 20 ms frames: the model's padding before the speech it detects (300 ms) and its time to detect it. */
const RING_FRAMES = 64;

export class InterruptionGuard {
  private readonly line = new LineLevel();
  /** The kept frames: where each began on the stream, and how much of it was loud. */
  private readonly ringAt = new Float64Array(RING_FRAMES).fill(Number.NEGATIVE_INFINITY);
  private readonly ringLoudMs = new Float64Array(RING_FRAMES);
  private next = 0;
  /** Loud milliseconds of the speech being judged, since it began; null when none is. */
  private loudMs: number | null = null;

  constructor(readonly minMs: number) {}

  /** A frame of the caller's (base64 μ-law) that began at `streamMs`: true when it makes the speech being judged an interruption. */
  heard(payload: string, streamMs: number): boolean {
    const frame = this.line.hear(payload);
    const loud = frame.loud ? frame.ms : 0;
    this.ringAt[this.next] = streamMs;
    this.ringLoudMs[this.next] = loud;
    this.next = (this.next + 1) % RING_FRAMES;
    if (this.loudMs === null) return false;
    this.loudMs += loud;
    return this.loudMs >= this.minMs;
  }

  /** The caller's speech began at `fromStreamMs`: judged from now on. True when what was heard since is enough already. */
  begin(fromStreamMs: number): boolean {
    let loud = 0;
    for (let i = 0; i < RING_FRAMES; i++) if (this.ringAt[i]! >= fromStreamMs) loud += this.ringLoudMs[i]!;
    this.loudMs = loud;
    return loud >= this.minMs;
  }

  /** No speech is being judged (it ended, or was judged). */
  end(): void {
    this.loudMs = null;
  }

  get judging(): boolean {
    return this.loudMs !== null;
  }
}
