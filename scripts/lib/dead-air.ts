/**
 * What a caller hears, in playout time: Twilio plays each 20 ms frame it receives after the one before it, or when it
 * arrives if nothing is playing. Dead air (issue 37 §2) is the longest stretch of silence between the end of the
 * caller's turn and the tool's answer being spoken: between the end of one frame's playout and the start of the next.
 * The turn ends when the model's voice activity detection says so (speech_stopped), as a turn's gap is measured
 * (worker/src/call/call-metrics.ts).
 */
export const FRAME_MS = 20;

/** The frames received at or after `from` (wall clock), in order, each with when it starts playing. */
export function playoutOf(received: Map<string, number>, from: number): { key: string; startsAt: number }[] {
  const frames = [...received].filter(([, at]) => at >= from).sort((a, b) => a[1] - b[1]);
  let playedUntil = from;
  return frames.map(([key, arrivedAt]) => {
    const startsAt = Math.max(playedUntil, arrivedAt);
    playedUntil = startsAt + FRAME_MS;
    return { key, startsAt };
  });
}

/** The dead air before `answerKey` (the answer's first frame) plays; null when that frame never reached the caller. */
export function deadAirMs(received: Map<string, number>, turnEndedAt: number, answerKey: string): number | null {
  let playedUntil = turnEndedAt;
  let longest = 0;
  for (const frame of playoutOf(received, turnEndedAt)) {
    longest = Math.max(longest, frame.startsAt - playedUntil);
    if (frame.key === answerKey) return longest;
    playedUntil = frame.startsAt + FRAME_MS;
  }
  return null;
}
