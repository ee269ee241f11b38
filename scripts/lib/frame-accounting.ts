/** Frames timed through a voice bridge, from the tags the simulated caller and the OpenAI simulator write into them. */
import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";

/** The OpenAI simulator's record (`GET /__timings`): when each tagged frame arrived or left, on the shared wall clock. */
export type Timings = Record<"appended" | "delivered" | "speechStarted" | "sessionReady" | "speechStopped", [string, number][]> & {
  /** Per session tag, the first frame of the words said after a tool's output. */
  toolAnswer: [string, string][];
  /** Per session tag, every turn's end, and the first frame of every answer said after a tool's output. */
  turnEnds: [string, number[]][];
  toolAnswers: [string, string[]][];
  /** The words of each spoken response, by its first frame. */
  utterances: [string, string][];
  /** Each frame of a tool filler's response, with the response it belongs to. */
  fillerFrames: [string, string][];
  /** Per session tag, each turn answered: the caller's last loud frame, and the first frame said after it. */
  turns: [string, { end: string | null; reply: string | null }[]][];
  /** Per session tag, the caller's frame sent right after the bridge first cut Nikki off (the one that confirmed it). */
  cutFrames: [string, string][];
  /** Each frame of a cancelled response (the bridge drops what of it comes after it cut Nikki off). */
  cancelledFrames: string[];
};

/** With `take`, the simulator forgets what it returned, so the next call gets only the frames timed since. */
export async function timingsOf(openaiBase: string, options: { take?: boolean } = {}): Promise<Timings> {
  return (await (await fetch(`${openaiBase}/__timings${options.take ? "?take=1" : ""}`)).json()) as Timings;
}

/**
 * The frames one call lost: caller audio that never reached OpenAI, and OpenAI audio sent before the last frame the
 * caller received that never reached the caller (what was still on its way when the call hung up is not lost). A tool
 * filler of which the caller heard nothing was not said, not lost: the bridge holds a filler's audio until it is due
 * and drops it whole when the tool answers first (worker/src/call/tool-fillers.ts); one cut short lost its missing frames.
 * Nor was a frame of a cancelled response the caller did not hear: the bridge drops what comes of an answer it cut off.
 */
export function lostFrames(
  report: SimulatedCallReport,
  appended: Map<string, number>,
  delivered: [string, number][],
  fillerFrames: Map<string, string>,
  cancelledFrames: ReadonlySet<string> = new Set(),
): number {
  let lost = 0;
  for (const key of report.sentAt.keys()) if (!appended.has(key)) lost++;
  if (report.sessionTag === null) return lost;
  const lastReceived = Math.max(...report.receivedAt.values());
  const heardFillers = new Set<string>();
  for (const key of report.receivedAt.keys()) {
    const filler = fillerFrames.get(key);
    if (filler) heardFillers.add(filler);
  }
  for (const [key, sentAt] of delivered) {
    if (!key.startsWith(`${report.sessionTag}:`) || report.receivedAt.has(key) || sentAt >= lastReceived || cancelledFrames.has(key)) continue;
    const filler = fillerFrames.get(key);
    if (filler === undefined || heardFillers.has(filler)) lost++;
  }
  return lost;
}
