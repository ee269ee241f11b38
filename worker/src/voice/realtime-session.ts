import { OPENAI_MODELS } from "@nikki/core";
import type { SessionUpdateEvent } from "openai/resources/realtime/realtime";
import { toolDefinitions } from "./tools";

/**
 * The OpenAI Realtime session for a phone call (GA `session.update`): μ-law in and out at 8 kHz, so Twilio's
 * audio passes through untouched; server voice activity detection; caller transcription; the agent's tools.
 */
export function sessionUpdate(input: { model: string; instructions: string; voice: string; tools: readonly string[] }): SessionUpdateEvent {
  return {
    type: "session.update",
    session: {
      type: "realtime",
      model: input.model,
      instructions: input.instructions,
      output_modalities: ["audio"],
      audio: {
        input: {
          format: { type: "audio/pcmu" },
          turn_detection: { type: "server_vad", silence_duration_ms: 500, create_response: true, interrupt_response: true },
          transcription: { model: OPENAI_MODELS.transcription },
        },
        output: { format: { type: "audio/pcmu" }, voice: input.voice },
      },
      tools: toolDefinitions(input.tools),
      tool_choice: "auto",
    },
  };
}
