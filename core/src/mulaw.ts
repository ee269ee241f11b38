/**
 * G.711 μ-law, the audio of Twilio's media streams (8 kHz, one byte a sample), and WAV (16-bit PCM) to it: what the
 * call bridge hears a caller with, the Test Suite's synthetic caller speaks text-to-speech audio into a call with, and
 * the Twilio simulators speak and listen with.
 */
const BIAS = 0x84;
const CLIP = 32_635;

export function linearToUlaw(value: number): number {
  let sample = Math.max(-32_768, Math.min(32_767, Math.round(value)));
  const sign = sample < 0 ? 0x80 : 0;
  if (sign) sample = -sample;
  sample = Math.min(sample, CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (sample & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (sample >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function ulawToLinear(code: number): number {
  const u = ~code & 0xff;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << ((u >> 4) & 0x07)) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

/** A 16-bit PCM WAV (any rate that is a whole multiple of 8 kHz; the first channel) as 8 kHz μ-law. */
export function wavToUlaw(wav: ArrayBuffer): Uint8Array {
  const view = new DataView(wav);
  if (wav.byteLength < 12 || view.getUint32(0, false) !== 0x52494646 || view.getUint32(8, false) !== 0x57415645) throw new Error("Not a WAV file");
  let offset = 12;
  let channels = 1;
  let rate = 8_000;
  let bits = 16;
  while (offset + 8 <= wav.byteLength) {
    const id = view.getUint32(offset, false);
    const size = view.getUint32(offset + 4, true);
    if (id === 0x666d7420) {
      channels = view.getUint16(offset + 10, true);
      rate = view.getUint32(offset + 12, true);
      bits = view.getUint16(offset + 22, true);
    } else if (id === 0x64617461) {
      if (bits !== 16 || rate % 8_000 !== 0) throw new Error(`Unsupported WAV: ${bits}-bit at ${rate} Hz`);
      // A streamed WAV may not know its length (0 or 0xFFFFFFFF): the data runs to the end.
      const end = size === 0 || size === 0xffffffff ? wav.byteLength : Math.min(wav.byteLength, offset + 8 + size);
      const step = rate / 8_000;
      const frame = channels * 2;
      const samples = Math.floor((end - offset - 8) / frame);
      const out = new Uint8Array(Math.floor(samples / step));
      for (let i = 0; i < out.length; i++) {
        let sum = 0;
        for (let j = 0; j < step; j++) sum += view.getInt16(offset + 8 + (i * step + j) * frame, true);
        out[i] = linearToUlaw(sum / step);
      }
      return out;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("The WAV has no audio data");
}
