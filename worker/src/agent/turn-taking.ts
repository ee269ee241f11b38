import type { TurnTaking } from "@nikki/core";
import type { agents } from "../db/schema";

/** An agent's turn-taking columns as core names them: what the API answers and what its calls are set up with. */
export function turnTakingOf(agent: typeof agents.$inferSelect): TurnTaking {
  return {
    turn_detection: agent.turnDetection,
    silence_duration_ms: agent.silenceDurationMs,
    eagerness: agent.eagerness,
    noise_reduction: agent.noiseReduction,
    interruption_min_ms: agent.interruptionMinMs,
  };
}
