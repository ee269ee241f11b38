/**
 * The AudioWorklet that plays a call being listened to (issue 56 §2): the caller's and the agent's audio come in as
 * decoded 8 kHz samples (the context runs at 8 kHz, so nothing is resampled here) and each render quantum plays the
 * two sides summed. The caller's side comes in real time and is kept short (a backlog after a stall is dropped, so
 * the listener stays close to the call); the agent's comes in bursts as the model speaks and is played through.
 */

import { LISTEN_BATCH_MS } from "@nikki/core/live-listen";

/** The worklet scope's part this file uses (not in TypeScript's DOM library). */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** What the page posts: a side's samples, or `clear` (the caller cut the agent off). */
export type MixerInput = { track: "caller" | "agent"; samples: Float32Array } | { track: "clear" };

/**
 * The caller's side is kept within this many samples of live: two of the media plane's batches (0.6 s at 8 kHz), so
 * two that come close together after a late one are both played.
 */
const CALLER_BACKLOG = 2 * LISTEN_BATCH_MS * 8;

class Track {
  private chunks: Float32Array[] = [];
  private offset = 0;
  queued = 0;

  push(samples: Float32Array): void {
    this.chunks.push(samples);
    this.queued += samples.length;
  }

  clear(): void {
    this.chunks = [];
    this.offset = 0;
    this.queued = 0;
  }

  /** Drops the oldest samples so that at most `keep` wait. */
  trim(keep: number): void {
    while (this.queued > keep && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const left = first.length - this.offset;
      const drop = Math.min(left, this.queued - keep);
      this.offset += drop;
      this.queued -= drop;
      if (this.offset >= first.length) {
        this.chunks.shift();
        this.offset = 0;
      }
    }
  }

  /** Adds up to `out.length` samples into `out`. */
  mixInto(out: Float32Array): void {
    let written = 0;
    while (written < out.length && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const take = Math.min(out.length - written, first.length - this.offset);
      for (let i = 0; i < take; i++) out[written + i]! += first[this.offset + i]!;
      written += take;
      this.offset += take;
      this.queued -= take;
      if (this.offset >= first.length) {
        this.chunks.shift();
        this.offset = 0;
      }
    }
  }
}

class ListenMixer extends AudioWorkletProcessor {
  private readonly caller = new Track();
  private readonly agent = new Track();

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<MixerInput>) => {
      const input = event.data;
      if (input.track === "clear") this.agent.clear();
      else if (input.track === "caller") {
        this.caller.push(input.samples);
        this.caller.trim(CALLER_BACKLOG);
      } else this.agent.push(input.samples);
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const out = outputs[0]?.[0];
    if (!out) return true;
    out.fill(0);
    this.caller.mixInto(out);
    this.agent.mixInto(out);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(-1, Math.min(1, out[i]!));
    return true;
  }
}

registerProcessor("listen-mixer", ListenMixer);
