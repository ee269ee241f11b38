import { ulawToLinear } from "@nikki/core/mulaw";
import { encodeText } from "./speech-codec";

/**
 * A stand-in for OpenAI text-to-speech: a real, playable WAV (8 kHz, 16-bit mono) whose length follows the text: the
 * text itself as a 20 ms click (speech-codec.ts, what the simulated recogniser hears), then a soft two-tone hum
 * rather than speech. Enough for audio controls, caching, the page's behaviour and the Test Suite's caller.
 */
export function speechWav(text: string): Buffer {
  const rate = 8_000;
  const header = encodeText(text).map(ulawToLinear);
  const seconds = Math.min(8, Math.max(1, text.length / 40));
  const samples = header.length + Math.round(rate * seconds);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples * 2, 40);
  header.forEach((value, i) => buffer.writeInt16LE(value, 44 + i * 2));
  for (let i = header.length; i < samples; i++) {
    const t = (i - header.length) / rate;
    const envelope = Math.min(1, t * 10, (seconds - t) * 10);
    const value = 0.2 * envelope * (Math.sin(2 * Math.PI * 220 * t) + 0.5 * Math.sin(2 * Math.PI * 330 * t));
    buffer.writeInt16LE(Math.round(value * 32_767 * 0.6), 44 + i * 2);
  }
  return buffer;
}
