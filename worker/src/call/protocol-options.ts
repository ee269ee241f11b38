/** How one call's bridge protocol (protocol.ts) is set up, from the call's plan. */
export interface ProtocolOptions {
  /** Milliseconds the call may last before Nikki says goodbye. */
  maxCallMs: number;
  /** What Nikki is asked to say when the time is up. */
  goodbyeInstructions: string;
  /** Hang up on a recording talking over the greeting (inbound calls); silence is screened on every call. */
  screenTalkOver?: boolean;
  /** What she says while a slow tool runs, in the agent's language (tool-fillers.ts); none, nothing. */
  fillers?: readonly string[];
  /** The greeting, word for word: the transcript's first entry, whether it plays rendered ahead or the model says it. */
  openingLine?: string;
  /** How long the caller speaks over the agent before she stops (the plan's; default DEFAULT_INTERRUPTION_MIN_MS). */
  interruptionMinMs?: number;
  /** How far before the model's `audio_end_ms` the caller stopped speaking (bridge-session.ts silenceWindowMs). */
  speechEndLagMs?: number;
}
