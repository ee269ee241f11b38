/**
 * Pure: whether the caller has started talking, from Twilio's inbound audio alone (base64 8 kHz μ-law, 20 ms frames),
 * for the time the model's own voice activity detection cannot hear them yet (the greeting rendered ahead playing while
 * the model's session opens: protocol.ts). A frame is voiced when it is loud enough for speech, well above the line's
 * noise floor, and crosses zero seldom enough for a voiced sound (a vowel: hiss, a breath and an "s" cross about every
 * other sample); the caller is talking once CALLER_SPEECH_MS of voiced frames run with gaps of at most a frame, so a
 * click (a frame or two) never is.
 *
 * The floor is the quietest frame of the last FLOOR_WINDOW_FRAMES: a steady noise (a hum, a loud line) sets it, and
 * speech, which always dips between syllables, does not hold it up. Echo of the greeting is not modelled: a line's echo
 * comes back at least 25–30 dB under the greeting (cancellers, handset echo control), below SPEECH_LEVEL_DBFS; a line
 * whose echo does not would also trip the model's own detector.
 *
 * Per frame: no allocation (base64 is decoded in place, a code's square is a table lookup).
 */
import { ulawToLinear } from "@nikki/core/mulaw";

/** The quietest frame voiced speech may be: -40 dBFS RMS (a phone line's active speech sits around -26). */
export const SPEECH_LEVEL_DBFS = -40;
/** How far above the floor a voiced frame is, in dB. */
export const NOISE_MARGIN_DB = 10;
/** How long the caller's voiced audio runs before they are talking. */
export const CALLER_SPEECH_MS = 120;
/** Voiced frames cross zero on fewer than this share of their samples. */
const VOICED_CROSSING_RATE = 0.45;
/** 500 ms of frames: longer than the onset it must not follow, short enough to follow a line that changes. */
const FLOOR_WINDOW_FRAMES = 25;
/** Unvoiced milliseconds a run of voiced frames bridges (a frame), before it starts again. */
const GAP_MS = 20;

const FULL_SCALE = 32_768;
const SPEECH_MEAN_SQUARE = (FULL_SCALE * 10 ** (SPEECH_LEVEL_DBFS / 20)) ** 2;
const NOISE_MARGIN = 10 ** (NOISE_MARGIN_DB / 10);

/** μ-law code → its linear sample squared. */
const SQUARES = Float64Array.from({ length: 256 }, (_, code) => ulawToLinear(code) ** 2);
/** Base64 character code → its six bits; -1 for anything else (padding ends the data). */
const SEXTETS = new Int8Array(128).fill(-1);
for (const [value, char] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries()) SEXTETS[char.charCodeAt(0)] = value;

/** One frame's measure, written into an object the caller keeps (so measuring allocates nothing). */
export interface FrameMeasure {
  samples: number;
  meanSquare: number;
  /** Sign changes between consecutive samples. */
  crossings: number;
}

export const newFrameMeasure = (): FrameMeasure => ({ samples: 0, meanSquare: 0, crossings: 0 });

/** Measures the μ-law audio in `base64` from character `from` to `to` (a multiple of 4 apart), into `out`. */
export function measureUlaw(base64: string, from: number, to: number, out: FrameMeasure): FrameMeasure {
  let samples = 0;
  let sum = 0;
  let crossings = 0;
  let previous = -1;
  const end = Math.min(to, base64.length);
  for (let at = from; at + 4 <= end; at += 4) {
    // Four characters carry three codes; padding ("=") carries none and ends the data.
    let bits = 0;
    let codes = 3;
    for (let i = 0; i < 4; i++) {
      const sextet = SEXTETS[base64.charCodeAt(at + i)] ?? -1;
      if (sextet < 0) {
        codes = i - 1;
        break;
      }
      bits |= sextet << (18 - 6 * i);
    }
    for (let k = 0; k < codes; k++) {
      const code = (bits >> (16 - 8 * k)) & 0xff;
      sum += SQUARES[code]!;
      // Bit 7 of a μ-law code is the sample's sign (set: positive).
      if (previous >= 0 && ((previous ^ code) & 0x80) !== 0) crossings++;
      previous = code;
      samples++;
    }
    if (codes < 3) break;
  }
  out.samples = samples;
  out.meanSquare = samples > 0 ? sum / samples : 0;
  out.crossings = crossings;
  return out;
}

/** Loud enough to be speech at all, whatever the line (the greeting-heard estimate counts such frames). */
export const isSpeechLevel = (frame: FrameMeasure) => frame.meanSquare >= SPEECH_MEAN_SQUARE;

/** One frame as the line carried it: its length, and whether it was loud (speech level, well over the floor) and voiced. */
export interface FrameHeard {
  ms: number;
  loud: boolean;
  voiced: boolean;
}

/**
 * A line heard frame by frame: each frame judged against the line's floor, the quietest of the last
 * FLOOR_WINDOW_FRAMES. Answers the same object each time (no allocation per frame).
 */
export class LineLevel {
  private readonly frame = newFrameMeasure();
  /** The last frames' mean squares, the floor's window; unfilled slots are ignored (Infinity). */
  private readonly recent = new Float64Array(FLOOR_WINDOW_FRAMES).fill(Number.POSITIVE_INFINITY);
  private next = 0;
  private readonly heard: FrameHeard = { ms: 0, loud: false, voiced: false };

  /** An inbound payload (base64 μ-law). */
  hear(payload: string): FrameHeard {
    const frame = measureUlaw(payload, 0, payload.length, this.frame);
    const heard = this.heard;
    heard.ms = frame.samples / 8;
    if (frame.samples === 0) {
      heard.loud = heard.voiced = false;
      return heard;
    }
    this.recent[this.next] = frame.meanSquare;
    this.next = (this.next + 1) % FLOOR_WINDOW_FRAMES;
    let floor = frame.meanSquare;
    for (let i = 0; i < FLOOR_WINDOW_FRAMES; i++) floor = Math.min(floor, this.recent[i]!);
    heard.loud = isSpeechLevel(frame) && frame.meanSquare >= floor * NOISE_MARGIN;
    heard.voiced = heard.loud && frame.crossings < VOICED_CROSSING_RATE * Math.max(1, frame.samples - 1);
    return heard;
  }
}

/** One call's caller, heard frame by frame. */
export class CallerSpeech {
  private readonly line = new LineLevel();
  private voicedMs = 0;
  private gapMs = 0;

  /** An inbound payload (base64 μ-law): true while the caller is talking (CALLER_SPEECH_MS of voice, and on). */
  hear(payload: string): boolean {
    const frame = this.line.hear(payload);
    if (frame.ms === 0) return this.talking();
    if (frame.voiced) {
      this.voicedMs += frame.ms;
      this.gapMs = 0;
    } else if ((this.gapMs += frame.ms) > GAP_MS) {
      this.voicedMs = 0;
    }
    return this.talking();
  }

  private talking() {
    return this.voicedMs >= CALLER_SPEECH_MS;
  }
}
