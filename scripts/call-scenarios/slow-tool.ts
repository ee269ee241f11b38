import { deadAirMs, playoutOf } from "../lib/dead-air";
import { oneBreathCaller } from "./caller-lines";
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
    "the caller asks for the business's first service and takes the first time offered while Twilio takes 3 s to send the confirmation: Nikki fills the wait, then reads the time back",
  async run(context) {
    const answer = await slowTexts(context.twilioRestUrl, SLOW_TOOL_MS).catch(() => null);
    if (!answer?.ok) throw new Error(`the simulated Twilio does not answer at ${context.twilioRestUrl}`);
    // The caller asks in one breath, picks the first time offered (the booking that waits on the text), and stays on until it is read back.
    const report = await context
      .place({ says: oneBreathCaller(context.service, context.from), answerTimeoutMs: 12_000, minDurationMs: 14_000 })
      .finally(() => slowTexts(context.twilioRestUrl, 0));
    const timings = await timingsOf(context.openaiUrl);
    const tag = report.sessionTag;
    // The booking's answer is the last said after a tool; the turn it answers ended last before it was sent.
    const answerKey = timings.toolAnswers.find(([session]) => Number(session) === tag)?.[1].at(-1);
    const answerSent = answerKey ? new Map(timings.delivered).get(answerKey) : undefined;
    const turnEnd = timings.turnEnds.find(([session]) => Number(session) === tag)?.[1].findLast((at) => answerSent === undefined || at < answerSent);
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
