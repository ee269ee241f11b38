/**
 * Dead air (issue 37 §2), as the caller hears it: the longest stretch of silence between the end of their turn and the
 * tool's answer being spoken, in playout time. Twilio plays each 20 ms frame it receives after the one before it, or
 * when it arrives if nothing is playing; what is silent is the time between the end of one frame's playout and the
 * start of the next one's. The turn ends when the model's voice activity detection says so (speech_stopped), as a
 * turn's gap is measured (call/call-metrics.ts).
 */
const FRAME_MS = 20;

/**
 * `received`: each frame the caller received and when it arrived (wall clock). `answerKey`: the answer's first frame.
 * Null when that frame never arrived (the caller hung up before it, or the tool never answered).
 */
export function deadAirMs(received: Map<string, number>, turnEndedAt: number, answerKey: string): number | null {
  const answerAt = received.get(answerKey);
  if (answerAt === undefined) return null;
  const after = [...received].filter(([key, at]) => at >= turnEndedAt && (at < answerAt || key === answerKey)).sort((a, b) => a[1] - b[1]);
  let playedUntil = turnEndedAt;
  let longest = 0;
  for (const [key, arrivedAt] of after) {
    const start = Math.max(playedUntil, arrivedAt);
    longest = Math.max(longest, start - playedUntil);
    if (key === answerKey) return longest;
    playedUntil = start + FRAME_MS;
  }
  return longest;
}
