/**
 * bench:voice's figures of issue 55, for one call from the OpenAI simulator's record (frame-accounting.ts): where its
 * barge-in starts, and each turn it answered, voice to voice.
 */
import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";
import type { Timings } from "./frame-accounting";

/** A caller frame's length: its end is this long after it was sent. */
const FRAME_MS = 20;

/** The simulator's record, read by session tag. */
export function turnRecords(timings: Timings) {
  return {
    speechStarted: new Map(timings.speechStarted.map(([tag, at]) => [Number(tag), at])),
    cutFrames: new Map(timings.cutFrames.map(([tag, key]) => [Number(tag), key])),
    turns: new Map(timings.turns.map(([tag, list]) => [Number(tag), list])),
    delivered: new Map(timings.delivered),
    fillerFrames: new Map(timings.fillerFrames),
  };
}
type TurnRecords = ReturnType<typeof turnRecords>;

/**
 * When the call's barge-in started: at the caller's frame that confirmed it (the bridge's guard); at speech_started for
 * the relay, and for the bridge when that event confirmed it (the model's word came after the minimum of speech, so
 * the frame after the cut was sent once the clear had come).
 */
export function bargeInStart(report: SimulatedCallReport, tag: number, records: TurnRecords): number | undefined {
  const confirmedBy = records.cutFrames.get(tag);
  const frameSent = confirmedBy === undefined ? undefined : report.sentAt.get(confirmedBy);
  return frameSent !== undefined && report.clearAt !== null && frameSent <= report.clearAt ? frameSent : records.speechStarted.get(tag);
}

/**
 * Each turn answered: from the end of the caller's speech to the answer's first frame reaching them, and that frame's
 * way from the model to them (the product's part; none for a filler, whose audio is held until due on purpose).
 */
export function turnTimes(report: SimulatedCallReport, tag: number, records: TurnRecords): { voiceToVoice: number[]; product: number[] } {
  const times = { voiceToVoice: [] as number[], product: [] as number[] };
  for (const turn of records.turns.get(tag) ?? []) {
    const ended = turn.end === null ? undefined : report.sentAt.get(turn.end);
    const heard = turn.reply === null ? undefined : report.receivedAt.get(turn.reply);
    const made = turn.reply === null ? undefined : records.delivered.get(turn.reply);
    if (ended === undefined || heard === undefined || made === undefined) continue;
    times.voiceToVoice.push(heard - (ended + FRAME_MS));
    if (!records.fillerFrames.has(turn.reply!)) times.product.push(heard - made);
  }
  return times;
}
