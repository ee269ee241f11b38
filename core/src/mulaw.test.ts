import { describe, expect, it } from "vitest";
import { linearToUlaw, ulawToLinear, wavToUlaw } from "./mulaw";

function wav(rate: number, samples: number[]): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) => [...text].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, sample, true));
  return buffer;
}

describe("μ-law", () => {
  it("encodes every decoded code back to itself (but the second zero)", () => {
    for (let code = 0; code < 256; code++) if (code !== 0x7f) expect(linearToUlaw(ulawToLinear(code))).toBe(code);
    expect(ulawToLinear(0x00)).toBe(-32_124);
    expect(ulawToLinear(0x80)).toBe(32_124);
    expect(linearToUlaw(0)).toBe(0xff);
  });

  it("turns an 8 kHz WAV into one code a sample, and a 24 kHz one into a third as many, averaged", () => {
    expect([...wavToUlaw(wav(8_000, [0, 32_124, -32_124]))]).toEqual([0xff, 0x80, 0x00]);
    expect([...wavToUlaw(wav(24_000, [32_124, 32_124, 32_124, 0, 0, 0]))]).toEqual([0x80, 0xff]);
  });

  it("refuses what it cannot play", () => {
    expect(() => wavToUlaw(new TextEncoder().encode("not audio").buffer as ArrayBuffer)).toThrow("Not a WAV file");
    expect(() => wavToUlaw(wav(11_025, [1, 2]))).toThrow("Unsupported WAV: 16-bit at 11025 Hz");
  });
});
