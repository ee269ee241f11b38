/**
 * What the simulated voices sound like (an owner listening in hears them): not words, but speech's shape, so a call
 * sounds like two people talking. A voiced source (a pitch with its harmonics, gently rising and falling) through two
 * vowel formants, in syllables of 150–240 ms with short dips between them and a longer one between words, at a phone
 * line's speaking level (about -20 dBFS while a syllable sounds). Nikki's voice is higher than the caller's.
 *
 * The dips are shorter than the shortest pause that ends a turn (200 ms: core/src/turn-taking.ts), so voice detection
 * hears one turn; the upper formant is kept weak, so a syllable crosses zero as seldom as a vowel does (the bridge's
 * voiced-frame test: worker/src/call/caller-speech.ts). No stretch of it is a speech-codec.ts sync (full-scale codes)
 * or a frame-tag.ts tag (near-silent codes): the words and tags written over it still read back.
 *
 * Each voice is rendered once (a few seconds, looped); a reply or a turn reads it from the start, so it begins on a
 * syllable, and costs a copy a frame.
 */
import { linearToUlaw } from "@nikki/core/mulaw";

const RATE = 8_000;
const FRAME = 160;

export interface Voice {
  /** The voice's pitch, in Hz. */
  pitchHz: number;
  /** Samples at the start of each 20 ms frame left quiet (and faded into): where frame-tag.ts writes its tag. */
  tagSamples: number;
}

/** Nikki, the agent: her frames carry the benchmark's tags (frame-tag.ts), whose 12 codes the voice fades around. */
export const AGENT_VOICE: Voice = { pitchHz: 205, tagSamples: 12 };
/** A caller: lower, and untagged (a caller's words are written at the start of their audio instead). */
export const CALLER_VOICE: Voice = { pitchHz: 118, tagSamples: 0 };

/** First and second formants of the vowels the syllables cycle through (a, e, i, o, u), in Hz. */
const VOWELS: [number, number][] = [
  [730, 1_090],
  [530, 1_840],
  [300, 2_250],
  [570, 840],
  [440, 1_020],
];
/** Syllable lengths in ms, in turn; after each fourth, a word's gap. */
const SYLLABLES_MS = [180, 150, 240, 170, 210, 160, 200, 230, 150, 190, 220, 170];
const DIP_MS = 50;
const WORD_GAP_MS = 110;
/** The sound's peak amplitude while a syllable sounds (full scale 32,768): about -20 dBFS RMS. */
const PEAK = 9_000;
const FADE_SAMPLES = 4;

/** How loud a harmonic at `hz` is through the vowel's formants, with the voice's fall of 6 dB an octave. */
function harmonicGain(hz: number, [f1, f2]: [number, number]): number {
  const resonance = (centre: number, width: number) => 1 / (1 + ((hz - centre) / width) ** 2);
  return (resonance(f1, 90) + 0.5 * resonance(f2, 120) + 0.05) * (200 / Math.max(200, hz));
}

/** Each vowel's harmonics scaled to one loudness (an "i" is not quieter than an "a"). */
function vowelHarmonics(pitchHz: number): Float32Array[] {
  return VOWELS.map((formants) => {
    const gains = Float32Array.from({ length: Math.floor(3_400 / pitchHz) }, (_, k) => harmonicGain((k + 1) * pitchHz, formants));
    const rms = Math.sqrt(gains.reduce((sum, gain) => sum + (gain * gain) / 2, 0));
    return gains.map((gain) => gain / rms);
  });
}

/** The syllables' envelope over the loop: 1 while a syllable sounds, soft edges, near nothing in the dips. */
function envelopeOf(): { gain: Float32Array; vowel: Uint8Array } {
  const parts: { samples: number; vowel: number; loud: boolean }[] = [];
  SYLLABLES_MS.forEach((ms, index) => {
    parts.push({ samples: (ms * RATE) / 1000, vowel: index % VOWELS.length, loud: true });
    parts.push({ samples: (((index + 1) % 4 === 0 ? WORD_GAP_MS : DIP_MS) * RATE) / 1000, vowel: index % VOWELS.length, loud: false });
  });
  const total = parts.reduce((sum, part) => sum + part.samples, 0);
  // Whole frames, so a reply that reads the loop frame by frame finds the frame's start where the voice left it.
  const length = Math.ceil(total / FRAME) * FRAME;
  const gain = new Float32Array(length);
  const vowel = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    const edge = Math.min(160, part.samples / 4);
    for (let i = 0; i < part.samples && at < length; i++, at++) {
      vowel[at] = part.vowel;
      gain[at] = part.loud ? Math.min(1, (i + 1) / edge, (part.samples - i) / edge) : 0.01;
    }
  }
  for (; at < length; at++) gain[at] = 0.01;
  return { gain, vowel };
}

function render(voice: Voice): Uint8Array {
  const { gain, vowel } = envelopeOf();
  const harmonics = vowelHarmonics(voice.pitchHz);
  const codes = new Uint8Array(gain.length);
  let phase = 0;
  let peak = 0;
  const linear = new Float32Array(gain.length);
  for (let i = 0; i < gain.length; i++) {
    const t = i / RATE;
    // Intonation: a slow rise and fall around the voice's pitch, falling over the loop as a sentence does.
    const pitch = voice.pitchHz * (1 + 0.07 * Math.sin(2 * Math.PI * 1.3 * t) - 0.05 * (i / gain.length));
    phase += (2 * Math.PI * pitch) / RATE;
    const gains = harmonics[vowel[i]!]!;
    let sample = 0;
    for (let k = 0; k < gains.length && (k + 1) * pitch < 3_600; k++) sample += gains[k]! * Math.sin((k + 1) * phase);
    linear[i] = sample * gain[i]!;
    peak = Math.max(peak, Math.abs(linear[i]!));
  }
  for (let i = 0; i < linear.length; i++) {
    const inFrame = i % FRAME;
    // The tag's codes are near silence: the voice fades out before them and in after them, so they do not click.
    const gate =
      voice.tagSamples === 0
        ? 1
        : inFrame < voice.tagSamples
          ? 0
          : Math.min(1, (inFrame - voice.tagSamples + 1) / FADE_SAMPLES, (FRAME - inFrame) / FADE_SAMPLES);
    codes[i] = linearToUlaw((PEAK * gate * linear[i]!) / peak);
  }
  return codes;
}

const rendered = new Map<Voice, Uint8Array>();

function loopOf(voice: Voice): Uint8Array {
  let loop = rendered.get(voice);
  if (!loop) rendered.set(voice, (loop = render(voice)));
  return loop;
}

/** `samples` of the voice talking, from the start of its first syllable, as μ-law codes. */
export function voiced(voice: Voice, samples: number): Uint8Array {
  const loop = loopOf(voice);
  const out = new Uint8Array(samples);
  for (let at = 0; at < samples; at += loop.length) out.set(loop.subarray(0, Math.min(loop.length, samples - at)), at);
  return out;
}

/** A reader of the voice frame by frame (a reply streamed as it is made): each call the next 20 ms. */
export function voicedFrames(voice: Voice): () => Uint8Array {
  let frame = 0;
  return () => {
    const loop = loopOf(voice);
    const frames = loop.length / FRAME;
    const at = (frame++ % frames) * FRAME;
    return loop.slice(at, at + FRAME);
  };
}
