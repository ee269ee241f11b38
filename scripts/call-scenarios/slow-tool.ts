import { CALLER_FIRST_PHRASE } from "@nikki/simulators/twilio-caller";
import { deadAirMs, playoutOf } from "../lib/dead-air";
import { timingsOf } from "../lib/frame-accounting";
import { type CallScenario, describeCall } from "./scenario";

/** How long the booking tool takes: Twilio is this slow to take the confirmation text. */
const SLOW_TOOL_MS = 3_000;

const slowTexts = (twilio: string, ms: number) =>
  fetch(`${twilio}/__delays`, { method: "POST", body: JSON.stringify({ path_contains: "/Messages.json", ms }) });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;

export const slowTool: CallScenario = {
  name: "slow-tool",
  summary:
    "a recorded caller asks for an appointment (the business's first service) while Twilio takes 3 s to send the confirmation: Nikki books it on the caller's number, fills the wait, then reads the time back",
  async run(context) {
    const answer = await slowTexts(context.twilioRestUrl, SLOW_TOOL_MS).catch(() => null);
    if (!answer?.ok) throw new Error(`the simulated Twilio does not answer at ${context.twilioRestUrl}`);
    // The caller asks in one breath (a recording, timed frame by frame), and stays on until the time is read back.
    const report = await context.place({ minDurationMs: 15_000, speech: CALLER_FIRST_PHRASE }).finally(() => slowTexts(context.twilioRestUrl, 0));
    const timings = await timingsOf(context.openaiUrl);
    const tag = report.sessionTag;
    const turnEnd = timings.speechStopped.find(([session]) => Number(session) === tag)?.[1];
    const answerKey = timings.toolAnswer.find(([session]) => Number(session) === tag)?.[1];
    const words = new Map(timings.utterances);
    const firstHeard = Math.min(...report.receivedAt.values());
    if (tag === null || turnEnd === undefined || report.greetingMs === null) return context.log(describeCall(report));
    // The stream's start, on the same clock as every frame's arrival.
    const streamStart = firstHeard - report.greetingMs;
    context.log("What the caller heard (playout time from the stream's start):");
    let turnShown = false;
    for (const frame of playoutOf(report.receivedAt, streamStart)) {
      if (!turnShown && frame.startsAt >= turnEnd) {
        turnShown = true;
        context.log(`${seconds(turnEnd - streamStart)}  (the caller has asked; their turn ends)`);
      }
      const at = `${seconds(frame.startsAt - streamStart)}  `;
      if (frame.key === answerKey) context.log(`${at}(the tool's answer, ${Math.round(frame.startsAt - turnEnd)} ms after the turn ended)`);
      const said = words.get(frame.key);
      if (said) context.log(`${at}Nikki: "${said}"`);
    }
    const deadAir = answerKey ? deadAirMs(report.receivedAt, turnEnd, answerKey) : null;
    context.log(
      deadAir === null
        ? "The tool's answer never reached the caller."
        : `Longest silence between the end of the caller's turn and the tool's answer: ${Math.round(deadAir)} ms (target: at most 1,200 ms).`,
    );
    context.log(describeCall(report));
  },
};
