import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";

/**
 * Instructions that have the model say a line word for word (the greeting, a filler while a tool runs): told exactly
 * what to say, the caller, the transcript and the dashboard all have the same line. The OpenAI simulator reads the line
 * back out of them (simulators/spoken-response.ts).
 */
export const sayExactly = (line: string) => `Say exactly this, word for word, and nothing else: "${line}"`;

/** How the greeting's response.created is recognised: its line is the transcript's, whatever of it the caller heard. */
export const GREETING_METADATA = "nikki_greeting";

/**
 * The model's first response: the agent's greeting, word for word. Left to itself the model would improvise one; told
 * exactly what to say, the caller, the transcript and the dashboard all have the same line.
 */
export function greetingResponse(line: string): RealtimeClientEvent {
  return { type: "response.create", response: { instructions: sayExactly(line), metadata: { [GREETING_METADATA]: "1" } } };
}
