import { REPEAT_CALL_LIMIT, REPEAT_CALL_WINDOW_MINUTES, SPAM_GOODBYE } from "@nikki/core";
import type { SimulatedCallOptions, SimulatedCallReport } from "@nikki/simulators/twilio-caller";

/** Where and as whom a scenario calls, and how it reports. */
export interface ScenarioContext {
  /** The running product, as Twilio reaches it and signs for it. */
  baseUrl: string;
  /** The number rung (one of the running product's). */
  to: string;
  /** The caller's number. */
  from: string;
  /** The running product's Twilio simulator (npm start's), which hands a call's updates to its simulated caller. */
  twilioRestUrl: string;
  /** The running product's OpenAI simulator (npm start's), which lists its Realtime sessions and their timings. */
  openaiUrl: string;
  /** What the caller asks for: the first service of the business rung (scenarios/called-business.ts). */
  service: string;
  log(line: string): void;
  /** Rings `to` from `from` as Twilio does, with the options the scenario gives. */
  place(options?: Partial<SimulatedCallOptions>): Promise<SimulatedCallReport>;
}

/** One call (or a few) `npm run call:simulate -- --scenario NAME` places, and what it prints about them. */
export interface CallScenario {
  name: string;
  /** One line for `--help`. */
  summary: string;
  /** The caller's number when `--from` is not given (a scenario whose number the product remembers uses its own). */
  defaultFrom?: string;
  run(context: ScenarioContext): Promise<void>;
}

/** The line every scenario ends with for a call that was answered by the agent's stream. */
export function describeCall(report: SimulatedCallReport): string {
  if (report.voicemail && Object.values(SPAM_GOODBYE).some((goodbye) => report.said.includes(goodbye)))
    return `The call was screened before Nikki answered: the caller's number is blocked (Settings › Calls), or rang more than ${REPEAT_CALL_LIMIT} times in ${REPEAT_CALL_WINDOW_MINUTES} minutes, as robocalls do. Call from another number (--from), or wait.`;
  if (report.voicemail) return "The call went to voicemail: is `npm start -- --simulate` running, and does the number ring an agent?";
  if (report.afterStream !== null && report.mediaReceived === 0)
    return "The call's stream could not run, so the caller was offered a message (the <Connect> action): is the media plane running?";
  return `Done. The call (${report.callId}) is analysed in a moment: see call_processed in the worker's log, and Calls in the dashboard.`;
}
