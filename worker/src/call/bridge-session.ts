/**
 * The model's session as the media plane opens it (issue 55 §2). The plan's `session.update` is the control plane's
 * (voice/realtime-session.ts: instructions, voice, tools, how turns are detected); the bridge takes the turns itself
 * (turn-taking.ts), so the model's voice activity detection is told to report only: no answer of its own when the
 * caller stops (`create_response: false`), no cancelling its answer when they start (`interrupt_response: false`).
 * A session with no turn detection (null) is left as it is: nothing would be reported.
 */

/** Server VAD as the API runs it when a session names no turn detection (its documented defaults). */
const DEFAULT_DETECTION = { type: "server_vad", silence_duration_ms: 500 };
const DEFAULT_SILENCE_MS = 500;

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json | null => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null);

export interface BridgeSession {
  /** The session.update to send, serialized. */
  json: string;
  /**
   * How long before the model's `audio_end_ms` the caller's speech ended: the silence server VAD waits for, which that
   * offset includes (the API's reference for input_audio_buffer.speech_stopped); semantic VAD names none.
   */
  silenceWindowMs: number;
}

export function bridgeSession(sessionUpdate: string): BridgeSession {
  let update: Json | null;
  try {
    update = objectOr(JSON.parse(sessionUpdate));
  } catch {
    update = null;
  }
  const session = objectOr(update?.session);
  if (!update || !session) return { json: sessionUpdate, silenceWindowMs: 0 };
  const audio = objectOr(session.audio) ?? {};
  const input = objectOr(audio.input) ?? {};
  if (input.turn_detection === null) return { json: sessionUpdate, silenceWindowMs: 0 };
  const detection = objectOr(input.turn_detection) ?? DEFAULT_DETECTION;
  const silence = detection.silence_duration_ms;
  const silenceWindowMs =
    detection.type !== "server_vad" ? 0 : typeof silence === "number" && Number.isFinite(silence) && silence >= 0 ? silence : DEFAULT_SILENCE_MS;
  const turnDetection = { ...detection, create_response: false, interrupt_response: false };
  const json = JSON.stringify({ ...update, session: { ...session, audio: { ...audio, input: { ...input, turn_detection: turnDetection } } } });
  return { json, silenceWindowMs };
}
