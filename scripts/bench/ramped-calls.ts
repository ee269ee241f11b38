/** Simulated calls to the demo number that ring in one after another over a ramp, as the voice benchmarks place them. */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { type SimulatedCallReport, emptyCallReport, placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { DEMO } from "../../worker/src/db/seed";

/**
 * A number of its own for every call of a run (from its tag): the product screens a number ringing more than 5 times
 * in 10 minutes as a robocall (issue 37 §5), and a benchmark's rounds would otherwise ring from the same numbers.
 */
const callerNumberOf = (tag: number) => `+1415${5_000_000 + (tag % 5_000_000)}`;

export function rampCalls(options: {
  base: string;
  calls: number;
  rampMs: number;
  /** The first call's tag (written into its frames); the others follow. */
  firstTag: number;
  minDurationMs: number;
  playPrompts?: boolean;
  /** What each caller says (the booking request unless given). */
  speech?: Uint8Array;
  /** How long each caller waits for Nikki's answer after speaking (the caller's default: 8 s). */
  answerTimeoutMs?: number;
  /** When given, a call that fails outright (its webhook or stream unreachable) is noted here and counts as silent, rather than failing them all. */
  failures?: string[];
}): Promise<SimulatedCallReport[]> {
  return Promise.all(
    Array.from({ length: options.calls }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * options.rampMs) / options.calls));
      const placed = placeSimulatedCall({
        baseUrl: options.base,
        publicBaseUrl: options.base,
        authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
        accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
        from: callerNumberOf(options.firstTag + index),
        to: DEMO.phoneNumber,
        tag: options.firstTag + index,
        minDurationMs: options.minDurationMs,
        ...(options.playPrompts ? { playPrompts: true } : {}),
        ...(options.speech ? { speech: options.speech } : {}),
        ...(options.answerTimeoutMs ? { answerTimeoutMs: options.answerTimeoutMs } : {}),
      });
      const { failures } = options;
      if (!failures) return placed;
      return placed.catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error));
        return emptyCallReport("");
      });
    }),
  );
}
