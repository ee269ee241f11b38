/**
 * Sounds a caller makes that are not speech, as Twilio carries them (8 kHz μ-law): what the Test Suite's synthetic
 * caller and `npm run call:simulate` play over the agent to show a cough does not cut her off (issue 55 §2).
 */
import { linearToUlaw } from "./mulaw";
import { seededRandom } from "./seeded-random";

const RATE = 8_000;

/**
 * A cough: a burst of breath noise `ms` long (150 by default), at its loudest about -14 dBFS, rising in 10 ms and
 * dying away, as loud as speech and nothing like it (no pitch, no words).
 */
export function coughSound(ms = 150): Uint8Array {
  const next = seededRandom(0xc0ff);
  const samples = Math.round((ms * RATE) / 1000);
  const attack = RATE / 100;
  return Uint8Array.from({ length: samples }, (_, i) => {
    const envelope = i < attack ? i / attack : Math.exp((-3 * (i - attack)) / Math.max(1, samples - attack));
    return linearToUlaw(6_500 * envelope * (next() * 2 - 1) * Math.SQRT2 * 1.2);
  });
}
