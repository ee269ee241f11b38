/**
 * The simulators' stand-in for speech recognition: the simulated text-to-speech puts its text at the start of its
 * audio as μ-law codes (a 20 ms click before the hum), and the simulated Realtime session reads it back from the
 * caller's audio. Codes survive the product's WAV → μ-law conversion exactly (8 kHz, one sample a code), so what
 * the Test Suite's caller says reaches the "model" as said. Full-scale codes: no real recording looks like this.
 */
const SYNC = 0x00;
const SYNC_LENGTH = 8;
const DATA = 0x80;

/** Sync, two codes a UTF-8 byte (high nibble, low nibble), sync. */
export function encodeText(text: string): number[] {
  const bytes = new TextEncoder().encode(text);
  const codes: number[] = Array(SYNC_LENGTH).fill(SYNC);
  for (const byte of bytes) codes.push(DATA | (byte >> 4), DATA | (byte & 0x0f));
  return [...codes, ...Array(SYNC_LENGTH).fill(SYNC)];
}

/** The text encoded in a stretch of μ-law audio, or null when there is none. */
export function decodeText(audio: Uint8Array): string | null {
  for (let start = 0; start + SYNC_LENGTH <= audio.length; start++) {
    let run = 0;
    while (audio[start + run] === SYNC) run++;
    if (run < SYNC_LENGTH) continue;
    const bytes: number[] = [];
    let at = start + run;
    while (at + 1 < audio.length && (audio[at]! & 0xf0) === DATA && (audio[at + 1]! & 0xf0) === DATA) {
      bytes.push(((audio[at]! & 0x0f) << 4) | (audio[at + 1]! & 0x0f));
      at += 2;
    }
    if (bytes.length > 0 && audio[at] === SYNC) return new TextDecoder().decode(new Uint8Array(bytes));
    start += run - 1;
  }
  return null;
}
