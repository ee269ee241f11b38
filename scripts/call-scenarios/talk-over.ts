/**
 * The caller makes a sound over Nikki's answer (issue 55 §2): a cough, an "mm-hm", or two seconds of talking. Prints
 * what the caller heard: each thing Nikki said, whether it reached them whole, and whether Twilio was told to clear it.
 */
import { askedFor } from "@nikki/core";
import { coughSound } from "@nikki/core/caller-sounds";
import { talking } from "@nikki/simulators/caller-voice";
import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";
import { FRAME_MS } from "../lib/dead-air";
import { type Timings, timingsOf } from "../lib/frame-accounting";
import { type CallScenario, type ScenarioContext, describeCall } from "./scenario";

/**
 * Which of Nikki's frames the caller heard: Twilio plays each after the one before it (or as it comes, when nothing
 * plays), and what it still held when told to clear is never played.
 */
function heardFrames(report: SimulatedCallReport): Map<string, number> {
  const heard = new Map<string, number>();
  const { clearAt } = report;
  let playedUntil = 0;
  for (const [key, arrived] of [...report.receivedAt].sort((a, b) => a[1] - b[1])) {
    if (clearAt !== null && arrived >= clearAt) playedUntil = Math.min(playedUntil, clearAt);
    const startsAt = Math.max(playedUntil, arrived);
    if (clearAt !== null && arrived < clearAt && startsAt >= clearAt) continue;
    heard.set(key, startsAt);
    playedUntil = startsAt + FRAME_MS;
  }
  return heard;
}

/** What Nikki said on the call: each response's words, its frames sent, and how many of them the caller heard (and when the first). */
interface Said {
  words: string;
  frames: number;
  heard: number;
  firstHeardAt: number | null;
}

function saidOn(report: SimulatedCallReport, timings: Timings): Said[] {
  const tag = report.sessionTag;
  if (tag === null) return [];
  const prefix = `${tag}:`;
  const words = new Map(timings.utterances);
  const heardAt = heardFrames(report);
  const said: Said[] = [];
  for (const [key] of timings.delivered.filter(([key]) => key.startsWith(prefix))) {
    const starts = words.get(key);
    if (starts !== undefined) said.push({ words: starts, frames: 0, heard: 0, firstHeardAt: null });
    const current = said.at(-1);
    if (!current) continue;
    current.frames++;
    const startsAt = heardAt.get(key);
    if (startsAt === undefined) continue;
    current.heard++;
    current.firstHeardAt ??= startsAt;
  }
  return said;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;

/** The call, then what was heard, on the stream's clock. */
async function talkOver(
  context: ScenarioContext,
  sound: { name: string; audio: Uint8Array; afterMs: number },
): Promise<{ said: Said[]; report: SimulatedCallReport }> {
  const question = `Hi, could you tell me a little about ${askedFor.en(context.service)}?`;
  const report = await context.place({ says: [question], over: { afterMs: sound.afterMs, sound: sound.audio }, answerTimeoutMs: 12_000 });
  const said = saidOn(report, await timingsOf(context.openaiUrl));
  if (report.startedAt === null || report.greetingMs === null || report.overAt === null) {
    context.log(`The caller never got to ${sound.name}: Nikki's answer did not come.`);
    return { said, report };
  }
  const at = (wall: number) => seconds(wall - report.startedAt!);
  context.log("What the caller heard (from the stream's start):");
  // The greeting rendered ahead is the text to speech's audio, not the model's: it is no line of `said`.
  if (!said.some((line) => line.firstHeardAt !== null && line.firstHeardAt - report.startedAt! <= report.greetingMs! + FRAME_MS))
    context.log(`${seconds(report.greetingMs)}  Nikki's greeting, rendered ahead`);
  const events: [number, string][] = said.map((line) => [
    line.firstHeardAt ?? Number.POSITIVE_INFINITY,
    `Nikki: "${line.words}" (${line.heard === line.frames ? "heard whole" : `cut: ${line.heard} of ${line.frames} frames heard`})`,
  ]);
  // The caller's question: once the greeting has played, before the first thing said after the greeting.
  const answer = said.find((line) => line.firstHeardAt !== null && line.firstHeardAt <= report.overAt!);
  events.push([(answer?.firstHeardAt ?? report.overAt) - 1, `Caller: "${question}"`]);
  events.push([report.overAt, `Caller ${sound.name}, over Nikki (${Math.round(sound.audio.length / 8)} ms)`]);
  if (report.clearAt !== null)
    events.push([report.clearAt, `Twilio told to clear Nikki's audio (${Math.round(report.clearAt - report.overAt)} ms after the caller started)`]);
  // The question's own time is not kept: it shows (untimed) just before the answer to it.
  for (const [when, what] of events.sort((a, b) => a[0] - b[0]))
    context.log(`${what.startsWith("Caller: ") ? " ".repeat(8) : Number.isFinite(when) ? at(when) : "   never"}  ${what}`);
  return { said, report };
}

/** Whether what was said over Nikki's answer was taken as no interruption: her answer heard whole, and nothing said after it. */
function notInterrupted(context: ScenarioContext, sound: string, { said, report }: { said: Said[]; report: SimulatedCallReport }) {
  const answer = said.find((line) => report.overAt !== null && line.firstHeardAt !== null && line.firstHeardAt <= report.overAt);
  const after = said.filter((line) => line !== answer && line.firstHeardAt !== null && report.overAt !== null && line.firstHeardAt > report.overAt);
  const whole = answer !== undefined && answer.heard === answer.frames && report.clearAt === null;
  context.log(
    whole && after.length === 0
      ? `As it should: the ${sound} cut nothing (Twilio was never cleared), Nikki's answer was heard whole, and she did not answer the ${sound}.`
      : `NOT as it should: ${whole ? "" : "Nikki's answer was cut. "}${after.length ? `Nikki answered the ${sound}: "${after.map((line) => line.words).join(" ")}"` : ""}`,
  );
  context.log(describeCall(report));
}

export const cough: CallScenario = {
  name: "cough",
  summary: "the caller asks about the business's first service and coughs (150 ms) while Nikki answers: her answer arrives whole, the cough gets no answer",
  async run(context) {
    notInterrupted(context, "cough", await talkOver(context, { name: "coughs", audio: coughSound(150), afterMs: 100 }));
  },
};

export const backchannel: CallScenario = {
  name: "backchannel",
  summary: 'the caller asks about the business\'s first service and says "mm-hm" while Nikki answers: no interruption, and no answer to it',
  async run(context) {
    notInterrupted(context, "“mm-hm”", await talkOver(context, { name: "says “Mm-hm.”", audio: talking("Mm-hm.", 240), afterMs: 100 }));
  },
};

/** What the interrupting caller asks instead, for 2 s over Nikki. */
const NEW_QUESTION = "Sorry, actually, are you open on Saturday?";

export const interrupt: CallScenario = {
  name: "interrupt",
  summary: "the caller asks about the business's first service, then talks over Nikki's answer for 2 s with a new question: playback stops, and she answers it",
  async run(context) {
    const { said, report } = await talkOver(context, { name: `says “${NEW_QUESTION}”`, audio: talking(NEW_QUESTION, 2_000), afterMs: 200 });
    const answered = said.filter((line) => report.overAt !== null && line.firstHeardAt !== null && line.firstHeardAt > report.overAt);
    const cut = said.some((line) => line.heard < line.frames);
    context.log(
      report.clearAt !== null && cut && answered.length > 0
        ? `As it should: playback stopped ${Math.round(report.clearAt - report.overAt!)} ms into the caller's 2 s, and Nikki answered the new question: "${answered.at(-1)!.words}"`
        : `NOT as it should: ${report.clearAt === null ? "Twilio was never cleared. " : ""}${answered.length ? "" : "Nikki did not answer the new question."}`,
    );
    context.log(describeCall(report));
  },
};
