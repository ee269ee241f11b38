/**
 * An agent's turn-taking (core's turn-taking.ts) in the OpenAI Realtime session's own fields (GA
 * `session.audio.input`): `turn_detection` and `noise_reduction`.
 */
import type { TurnTaking } from "@nikki/core";
import type { RealtimeAudioConfigInput, RealtimeAudioInputTurnDetection } from "openai/resources/realtime/realtime";

/** Server VAD ends the turn after the agent's silence; semantic VAD takes only an eagerness (the API refuses a silence there). */
export function turnDetectionOf(turn: TurnTaking): RealtimeAudioInputTurnDetection {
  return turn.turn_detection === "semantic_vad"
    ? { type: "semantic_vad", eagerness: turn.eagerness }
    : { type: "server_vad", silence_duration_ms: turn.silence_duration_ms };
}

/** Near or far field; off is left out, since a new session has none (the provider reports it as null). */
export function noiseReductionOf(turn: TurnTaking): Pick<RealtimeAudioConfigInput, "noise_reduction"> {
  return turn.noise_reduction === "off" ? {} : { noise_reduction: { type: turn.noise_reduction } };
}
