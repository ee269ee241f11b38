import { describe, expect, it } from "vitest";
import { CALLER_SPEECH_MS, CallerSpeech, measureUlaw, newFrameMeasure } from "./caller-speech";
import { click, concat, hum, mix, noise, payloads, silence, voiced } from "./fixtures/line-audio";
import { RECORDED_CALLER } from "./fixtures/recorded-caller";
import { linearToUlaw } from "@nikki/core/mulaw";

/** The milliseconds into `frames` at which the caller is first heard talking, or null. */
function heardAt(frames: readonly string[]): number | null {
  const ear = new CallerSpeech();
  const at = frames.findIndex((payload) => ear.hear(payload));
  return at < 0 ? null : (at + 1) * 20;
}

describe("measuring a μ-law frame in place", () => {
  it("reads every code of a base64 payload, padded or not, as its decoded samples", () => {
    const codes = [0x00, 0x80, 0xff, 0x7f, 0x10, 0x90, 0x20];
    const frame = measureUlaw(btoa(String.fromCharCode(...codes)), 0, 12, newFrameMeasure());
    expect(frame.samples).toBe(7);
    // ±32124 twice, ±0 twice, then three mid codes: the mean of their squares as G.711 decodes them.
    expect(frame.meanSquare).toBeCloseTo((2 * 32_124 ** 2 + 2 * 15_996 ** 2 + 7_932 ** 2) / 7, 0);
    // Signs: -, +, +, -, -, +, - (bit 7 set is positive): four changes.
    expect(frame.crossings).toBe(4);
  });

  it("measures one frame among frames laid end to end, by character range", () => {
    const loud = btoa(String.fromCharCode(...Array(160).fill(linearToUlaw(8_000))));
    const quiet = btoa(String.fromCharCode(...Array(160).fill(0xff)));
    const measure = newFrameMeasure();
    expect(measureUlaw(quiet + loud, 216, 432, measure).meanSquare).toBeGreaterThan(7_000 ** 2);
    expect(measureUlaw(quiet + loud, 0, 216, measure).meanSquare).toBe(0);
    expect(measure.samples).toBe(160);
  });
});

describe("hearing the caller start to talk", () => {
  it("hears recorded speech within its minimum duration of voice", () => {
    // Voiced from the third frame (40 ms in, -37 dBFS; the first two are quieter): heard once 120 ms of it ran.
    expect(heardAt(RECORDED_CALLER)).toBe(40 + CALLER_SPEECH_MS);
  });

  it.each([
    ["a quiet line", 200, -26],
    ["a noisy line (hiss at -50 dBFS)", 600, -26],
    ["a soft-spoken caller", 400, -34],
  ])("hears a voice on %s within its minimum duration of its start", (_case, leadMs, dbfs) => {
    const line = noise(leadMs + 1_000, -50, 7);
    const frames = payloads(mix(line, concat(silence(leadMs), voiced(1_000, dbfs))));
    const at = heardAt(frames)!;
    expect(at - leadMs).toBeGreaterThanOrEqual(CALLER_SPEECH_MS);
    // The syllable rises over 30 ms before it is loud enough: within that, a frame, and the minimum.
    expect(at - leadMs).toBeLessThanOrEqual(CALLER_SPEECH_MS + 60);
  });

  it.each([
    ["digital silence", silence(3_000)],
    ["comfort noise (-65 dBFS)", noise(3_000, -65, 1)],
    ["loud hiss on a bad line (-30 dBFS)", noise(3_000, -30, 2)],
    ["a steady mains hum above speech level (-30 dBFS)", hum(3_000, -30)],
    ["a click, then line noise", concat(noise(500, -60, 3), click(), noise(500, -60, 4), click(40), noise(1_000, -60, 5))],
    ["a breath (a rush of noise at -42 dBFS for 400 ms)", concat(noise(500, -65, 6), noise(400, -42, 8), noise(1_000, -65, 9))],
    ["a word too short to be talking (a voiced blip of 80 ms)", concat(silence(300), voiced(80, -20), silence(1_000))],
    ["the greeting's echo, 28 dB under a greeting at -16 dBFS", mix(noise(3_000, -62, 10), voiced(3_000, -16, 220), { delayMs: 60, gainDb: -28 })],
  ])("does not take %s for a caller", (_case, signal) => {
    expect(heardAt(payloads(signal))).toBeNull();
  });

  it("hears a caller who talks 12 dB over a steady hum, and over the greeting's echo", () => {
    expect(heardAt(payloads(mix(hum(1_500, -30), concat(silence(500), voiced(1_000, -18)))))).toBeGreaterThan(500);
    const echo = mix(noise(3_000, -62, 11), voiced(3_000, -16, 220), { delayMs: 60, gainDb: -28 });
    const over = heardAt(payloads(mix(echo, concat(silence(1_000), voiced(2_000, -26, 130)))))!;
    expect(over - 1_000).toBeGreaterThanOrEqual(CALLER_SPEECH_MS);
    expect(over - 1_000).toBeLessThanOrEqual(CALLER_SPEECH_MS + 60);
  });

  it("hears a caller talking from the stream's first frame once their speech dips between syllables", () => {
    const at = heardAt(payloads(voiced(1_500, -24)))!;
    // The first syllable sets the floor; the dip after it (at 200 ms) lowers it, and the next syllable is heard.
    expect(at).toBeGreaterThan(250);
    expect(at).toBeLessThanOrEqual(250 + CALLER_SPEECH_MS + 60);
  });

  it("stops saying the caller talks after a pause of more than a frame", () => {
    const ear = new CallerSpeech();
    const frames = payloads(concat(silence(100), voiced(170, -20), silence(200)));
    const heard = frames.map((payload) => ear.hear(payload));
    expect(heard.indexOf(true)).toBeGreaterThan(0);
    expect(heard.at(-1)).toBe(false);
  });
});
