/**
 * bench:voice's greeting case (issue 38 §1): how long a caller waits for the greeting, from the stream's start to its
 * first frame, on both paths. Pairs of single calls to the demo agent: its greeting changed in the database before each
 * pair (no save renders it), so the first call finds no render and the model says it (today's path, which renders it
 * for the next call), and the second plays the render at once.
 */
import { CALLER_FIRST_PHRASE, type SimulatedCallReport } from "@nikki/simulators/twilio-caller";
import { DEMO } from "../../worker/src/db/seed";
import { rampCalls } from "./ramped-calls";
import { percentile } from "./stats";

/** The render is made while the first call of a pair runs; this much more lets it reach the media plane. */
const RENDER_SETTLE_MS = 1_000;

export async function greetingFigures(options: {
  base: string;
  db: D1Database;
  pairs: number;
  firstTag: number;
  /** Waits for the calls' after-call work, as the rounds do. */
  settle(reports: SimulatedCallReport[]): Promise<void>;
}): Promise<{ greetingMs: number; greetingCachedMs: number }> {
  const uncached: number[] = [];
  const cached: number[] = [];
  const placeOne = async (tag: number) => {
    const [report] = await rampCalls({
      base: options.base,
      calls: 1,
      rampMs: 0,
      firstTag: tag,
      minDurationMs: 0,
      playPrompts: true,
      speech: CALLER_FIRST_PHRASE,
    });
    await options.settle([report!]);
    return report!.greetingMs;
  };
  for (let pair = 0; pair < options.pairs; pair++) {
    const greeting = `Thanks for calling ${DEMO.organizationName}, this is Nikki, greeting ${pair + 1} of this run (${Date.now()}). How can I help?`;
    await options.db.prepare("update agents set greeting = ? where id = ?").bind(greeting, DEMO.agentId).run();
    const first = await placeOne(options.firstTag + pair * 2);
    await new Promise((resolve) => setTimeout(resolve, RENDER_SETTLE_MS));
    const second = await placeOne(options.firstTag + pair * 2 + 1);
    if (first !== null) uncached.push(first);
    if (second !== null) cached.push(second);
  }
  return { greetingMs: Math.round(percentile(uncached, 50)), greetingCachedMs: Math.round(percentile(cached, 50)) };
}
