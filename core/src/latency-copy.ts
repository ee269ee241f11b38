/**
 * How the dashboard words a call's latency (issue 55 §1): how soon the caller was greeted, and the response time of
 * the agent's answers, voice to voice, with where a typical answer's time went (the AI model, then the product).
 */
import { PRODUCT_NAME } from "./constants";
import type { TurnLatency } from "./calls";
import type { LiveLatency } from "./live-calls";

/** "640 ms", "1.25 s"; a dash for a figure not measured. */
export const durationText = (ms: number | null) => (ms === null ? "—" : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms} ms`);

export const LATENCY_COPY = {
  greeting: "Greeting",
  /** A greeting rendered ahead plays within a millisecond of the answer: "0 ms" would read as made up, so it is said in words. */
  greeted: (ms: number) => (ms < 1 ? "Greeted the moment the call connected" : `Greeted ${durationText(ms)} after answering`),
  averageGreeting: "Greeting (average)",
  /** The week's average greeting; under a millisecond in words, as a single call's. */
  averageGreeted: (ms: number | null) => (ms !== null && ms < 1 ? "under 1 ms" : durationText(ms)),
  notMeasured: "Not measured (the AI did not take this call)",
  responseTime: "Response time",
  weekResponseTime: "Response time (7 days)",
  /** p50 and p90 of the answers' voice-to-voice times. */
  response: (typical: number | null, slowest: number | null) => `${durationText(typical)} typical, ${durationText(slowest)} slowest`,
  noAnswers: "No answers timed yet",
  /** The week's, before any call was answered. */
  noWeekAnswers: "No calls answered this week yet",
  /** A live call's, before its first answer is timed. */
  noAnswersYet: "No answer timed yet",
  /** What the figure is, and where a typical answer's time went. */
  explained: "From the moment the caller stops talking to the first sound of the answer.",
  share: (turn: TurnLatency) =>
    `A typical answer: ${durationText(turn.model_ms)} for the AI model to start speaking, then ${durationText(turn.product_ms)} for ${PRODUCT_NAME} to pass it on.`,
} as const;

/** The answer whose response time is the typical one (the median, by nearest rank, as the call's p50); null with none. */
export function typicalTurn(turns: readonly TurnLatency[]): TurnLatency | null {
  if (turns.length === 0) return null;
  const sorted = [...turns].sort((a, b) => a.voice_to_voice_ms - b.voice_to_voice_ms);
  return sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)]!;
}

/**
 * A live call's response time so far, in its stored detail's words (the same p50 and p90 over the turns so far), with
 * the latest answer's, so each turn shows as it is timed: "502 ms typical, 808 ms slowest · last answer 459 ms".
 */
export function liveResponseTime(latency: LiveLatency): string {
  if (latency.turns === 0) return LATENCY_COPY.noAnswersYet;
  return `${LATENCY_COPY.response(latency.voice_to_voice_p50_ms, latency.voice_to_voice_p90_ms)} · last answer ${durationText(latency.last_ms)}`;
}
