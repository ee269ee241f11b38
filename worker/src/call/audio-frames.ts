/**
 * The bridge's two hot messages, 50 a second each way per call: Twilio's inbound `media` and OpenAI's
 * `response.output_audio.delta`. Read by their known prefix and fields, and written as text, so a frame costs no
 * parsed object tree and no JSON.stringify. Anything that does not match exactly takes the full parse instead.
 */
const TWILIO_MEDIA = '{"event":"media"';
const OPENAI_DELTA = '{"type":"response.output_audio.delta"';

/** A string field's value, when it has no escapes (base64 and ids never do); null otherwise. */
function stringField(raw: string, name: string): string | null {
  const key = `"${name}":"`;
  const at = raw.indexOf(key);
  if (at < 0) return null;
  const from = at + key.length;
  const end = raw.indexOf('"', from);
  if (end < 0) return null;
  const value = raw.slice(from, end);
  return value.includes("\\") ? null : value;
}

/** The payload of an inbound Twilio media frame; undefined when the frame is not one this fast path reads. */
export function inboundMediaPayload(raw: unknown): string | null | undefined {
  if (typeof raw !== "string" || !raw.startsWith(TWILIO_MEDIA)) return undefined;
  const track = stringField(raw, "track");
  if (track !== null && track !== "inbound") return null;
  return stringField(raw, "payload") ?? undefined;
}

/**
 * Twilio's clock in an inbound media frame: its `timestamp`, the milliseconds since the stream started at which
 * Twilio took that audio (a string on the wire); undefined when the frame carries none.
 */
export function inboundMediaTimestamp(raw: string): number | undefined {
  const value = stringField(raw, "timestamp");
  const ms = value === null ? Number.NaN : Number(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** An audio delta's item and audio; undefined when the event is not one this fast path reads. */
export function audioDelta(raw: unknown): { itemId: string; delta: string } | undefined {
  if (typeof raw !== "string" || !raw.startsWith(OPENAI_DELTA)) return undefined;
  const itemId = stringField(raw, "item_id");
  const delta = stringField(raw, "delta");
  return itemId && delta ? { itemId, delta } : undefined;
}

/** A 20 ms μ-law frame (160 bytes) in base64: 216 characters, padding included, so frames laid end to end are cut apart by length. */
export const FRAME_BASE64_CHARS = 216;

export const appendAudioJson = (payload: string) => `{"type":"input_audio_buffer.append","audio":"${payload}"}`;

export const twilioMediaJson = (streamSid: string, payload: string) => `{"event":"media","streamSid":"${streamSid}","media":{"payload":"${payload}"}}`;
