/** Frames timed through a voice bridge, from the tags the simulated caller and the OpenAI simulator write into them. */
import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";

/** The OpenAI simulator's record (`GET /__timings`): when each tagged frame arrived or left, on the shared wall clock. */
export type Timings = Record<"appended" | "delivered" | "speechStarted" | "sessionReady" | "speechStopped", [string, number][]> & {
  /** Per session tag, the first frame of the words said after a tool's output. */
  toolAnswer: [string, string][];
  /** The words of each spoken response, by its first frame. */
  utterances: [string, string][];
};

/** With `take`, the simulator forgets what it returned, so the next call gets only the frames timed since. */
export async function timingsOf(openaiBase: string, options: { take?: boolean } = {}): Promise<Timings> {
  return (await (await fetch(`${openaiBase}/__timings${options.take ? "?take=1" : ""}`)).json()) as Timings;
}

/**
 * The frames one call lost: caller audio that never reached OpenAI, and OpenAI audio sent before the last frame the
 * caller received that never reached the caller (what was still on its way when the call hung up is not lost).
 */
export function lostFrames(report: SimulatedCallReport, appended: Map<string, number>, delivered: [string, number][]): number {
  let lost = 0;
  for (const key of report.sentAt.keys()) if (!appended.has(key)) lost++;
  if (report.sessionTag === null) return lost;
  const lastReceived = Math.max(...report.receivedAt.values());
  for (const [key, sentAt] of delivered) {
    if (key.startsWith(`${report.sessionTag}:`) && !report.receivedAt.has(key) && sentAt < lastReceived) lost++;
  }
  return lost;
}
