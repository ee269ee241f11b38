/** One turn of the simulated Realtime model: what the caller said, and what the model does about it. */
export interface ScriptedTurn {
  /** What the caller "said" (the transcription of their speech). */
  transcript: string;
  /** Nikki's spoken answer, or a function call the model makes before answering. */
  reply: { say: string } | { call: string; arguments: Record<string, unknown>; then: string };
}
