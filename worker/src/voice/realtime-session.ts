import { OPENAI_MODELS, type TurnTaking } from "@nikki/core";
import type { SessionUpdateEvent } from "openai/resources/realtime/realtime";
import { toolDefinitions } from "./tools";
import { noiseReductionOf, turnDetectionOf } from "./turn-detection";

/**
 * The OpenAI Realtime session for a phone call (GA `session.update`): μ-law in and out at 8 kHz, so Twilio's
 * audio passes through untouched; the agent's turn detection and noise reduction; caller transcription; its tools.
 */
export function sessionUpdate(input: {
  model: string;
  instructions: string;
  voice: string;
  tools: readonly string[];
  turnTaking: TurnTaking;
}): SessionUpdateEvent {
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
          ...noiseReductionOf(input.turnTaking),
          turn_detection: { ...turnDetectionOf(input.turnTaking), create_response: true, interrupt_response: true },
          transcription: { model: OPENAI_MODELS.transcription },
        },
        output: { format: { type: "audio/pcmu" }, voice: input.voice },
      },
      tools: toolDefinitions(input.tools),
      tool_choice: "auto",
    },
  };
}
