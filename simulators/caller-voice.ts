/**
 * A simulated caller's voice for talking over Nikki (`npm run call:simulate -- --scenario backchannel|interrupt`): the
 * words as the simulated recogniser reads them (speech-codec.ts, a click of a few milliseconds), then a voiced buzz
 * (a 140 Hz pitch and its harmonics, about -20 dBFS), so the caller is heard talking for `ms`, as loud as speech.
 */
import { linearToUlaw } from "@nikki/core/mulaw";
import { encodeText } from "./speech-codec";

const RATE = 8_000;
const PITCH_HZ = 140;

export function talking(text: string, ms: number): Uint8Array {
  const words = encodeText(text);
  const samples = Math.max(words.length, Math.round((ms * RATE) / 1000));
  return Uint8Array.from({ length: samples }, (_, i) => {
    if (i < words.length) return words[i]!;
    const t = i / RATE;
    const voiced = Math.sin(2 * Math.PI * PITCH_HZ * t) + 0.5 * Math.sin(4 * Math.PI * PITCH_HZ * t) + 0.25 * Math.sin(6 * Math.PI * PITCH_HZ * t);
    return linearToUlaw(2_000 * voiced);
  });
}
