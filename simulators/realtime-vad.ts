/**
 * The simulated Realtime session's server voice activity detection: the energy of each μ-law frame it is sent. Its
 * events carry the offsets of the audio it received, as the real server's do (milliseconds since the session's first
 * input audio): speech starts at its first loud frame less the 300 ms of padding the item keeps before it
 * (`prefix_padding_ms`), and stops after 500 ms of silence (`silence_duration_ms`), which the end's offset includes.
 */
const FRAME_BYTES = 160;
const SPEECH_ENERGY = 1000;
/** 500 ms of silence ends a turn, as server VAD's silence_duration_ms does. */
const SILENCE_FRAMES_TO_STOP = 25;
const PREFIX_PADDING_MS = 300;

/** μ-law code → linear magnitude (G.711), enough to measure energy. */
function ulawMagnitude(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  return (((mantissa << 3) + 0x84) << exponent) - 0x84;
}

function frameEnergy(bytes: Buffer): number {
  let sum = 0;
  for (const byte of bytes) sum += ulawMagnitude(byte);
  return bytes.length ? sum / bytes.length : 0;
}

export type VadEvent =
  | { kind: "started"; itemId: string; audioStartMs: number }
  /** `audio`: what was heard from the speech's start; `loudMs`: how much of it was loud. */
  | { kind: "stopped"; itemId: string; audioEndMs: number; audio: Buffer; loudMs: number };

export class SimulatedVad {
  /** `silenceFramesToStop`: the frames of silence that end a turn (the session's silence_duration_ms). */
  constructor(private readonly silenceFramesToStop: () => number = () => SILENCE_FRAMES_TO_STOP) {}

  /** Milliseconds of input audio received. */
  private bufferMs = 0;
  private speaking = false;
  private silentFrames = 0;
  private loudMs = 0;
  private heard: Buffer[] = [];
  private items = 0;
  private itemId = "";
  /** The tag of the last loud frame that had one (the benchmark's end of the caller's speech). */
  lastLoudKey: string | null = null;

  /** A frame of input audio (`key`: its benchmark tag, if any): the event it ends or starts, if any. */
  append(bytes: Buffer, key: string | null): VadEvent | null {
    const ms = (bytes.length / FRAME_BYTES) * 20;
    const startsAt = this.bufferMs;
    this.bufferMs += ms;
    const loud = frameEnergy(bytes) > SPEECH_ENERGY;
    if (loud || this.speaking) this.heard.push(bytes);
    if (loud) {
      this.loudMs += ms;
      if (key) this.lastLoudKey = key;
    }
    if (loud && !this.speaking) {
      this.speaking = true;
      this.silentFrames = 0;
      this.itemId = `item_user_${++this.items}`;
      return { kind: "started", itemId: this.itemId, audioStartMs: Math.max(0, startsAt - PREFIX_PADDING_MS) };
    }
    if (loud) {
      this.silentFrames = 0;
      return null;
    }
    if (!this.speaking || ++this.silentFrames < this.silenceFramesToStop()) return null;
    this.speaking = false;
    const stopped: VadEvent = { kind: "stopped", itemId: this.itemId, audioEndMs: this.bufferMs, audio: Buffer.concat(this.heard), loudMs: this.loudMs };
    this.heard = [];
    this.loudMs = 0;
    return stopped;
  }
}
