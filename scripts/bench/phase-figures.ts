/** bench:voice's figures of one pass of calls through one side, and of several passes pooled. */
import type { SimulatedCallReport } from "@nikki/simulators/twilio-caller";
import { type Timings, lostFrames } from "../lib/frame-accounting";
import { bargeInStart, turnRecords, turnTimes } from "../lib/voice-turns";

export interface PhaseFigures {
  transit: number[];
  /** Frames sent while all N calls were on the line: none ringing in, none hanging up. */
  concurrent: number[];
  inbound: number[];
  outbound: number[];
  bargeIns: number[];
  /** Each turn answered: the caller's end of speech to the answer's first frame reaching them, and that frame's way from the model to them. */
  voiceToVoice: number[];
  productTurns: number[];
  greetings: number[];
  dropped: number;
  answered: number;
  calls: number;
  /** CPU time all of the side's processes spent on the pass, its after-call work and the settling after it. */
  cpuMs: number;
  /** The bridge's: the part of cpuMs its media plane spent (the rest is the control plane's). */
  mediaCpuMs: number;
}

/** Every frame of these calls timed through the phase's bridge; audio sent before the model's session was configured waited for it, so it is left out. */
export function figures(reports: SimulatedCallReport[], timings: Timings): PhaseFigures {
  const appended = new Map(timings.appended);
  const delivered = timings.delivered;
  const fillerFrames = new Map(timings.fillerFrames);
  const sessionReady = new Map(timings.sessionReady.map(([tag, at]) => [Number(tag), at]));
  const records = turnRecords(timings);
  const cancelledFrames = new Set(timings.cancelledFrames);
  const firstFrames = reports.map((report) => Math.min(...report.sentAt.values()));
  const lastFrames = reports.map((report) => Math.max(...report.sentAt.values()));
  const [from, to] = [Math.max(...firstFrames), Math.min(...lastFrames)];
  const result: PhaseFigures = {
    transit: [],
    concurrent: [],
    inbound: [],
    outbound: [],
    bargeIns: [],
    voiceToVoice: [],
    productTurns: [],
    greetings: [],
    dropped: 0,
    answered: 0,
    calls: reports.length,
    cpuMs: 0,
    mediaCpuMs: 0,
  };
  for (const report of reports) {
    if (!report.voicemail && report.mediaReceived > 0) result.answered++;
    if (report.greetingMs !== null) result.greetings.push(report.greetingMs);
    result.dropped += lostFrames(report, appended, delivered, fillerFrames, cancelledFrames);
    const ready = report.sessionTag === null ? undefined : sessionReady.get(report.sessionTag);
    for (const [key, sentAt] of report.sentAt) {
      const arrived = appended.get(key);
      if (arrived !== undefined && ready !== undefined && sentAt >= ready) {
        result.inbound.push(arrived - sentAt);
        if (sentAt >= from && sentAt <= to) result.concurrent.push(arrived - sentAt);
      }
    }
    if (report.sessionTag === null) continue;
    for (const [key, sentAt] of delivered) {
      if (!key.startsWith(`${report.sessionTag}:`)) continue;
      const arrived = report.receivedAt.get(key);
      if (arrived === undefined) continue;
      result.outbound.push(arrived - sentAt);
      if (sentAt >= from && sentAt <= to) result.concurrent.push(arrived - sentAt);
    }
    const said = bargeInStart(report, report.sessionTag, records);
    if (said !== undefined && report.clearAt !== null) result.bargeIns.push(report.clearAt - said);
    const turns = turnTimes(report, report.sessionTag, records);
    result.voiceToVoice.push(...turns.voiceToVoice);
    result.productTurns.push(...turns.product);
  }
  result.transit = [...result.inbound, ...result.outbound];
  return result;
}

/** Figures of several passes of one side, pooled. */
export function pooled(phases: PhaseFigures[]): PhaseFigures {
  const all = <K extends keyof PhaseFigures>(key: K) => phases.flatMap((phase) => phase[key] as number[]);
  const sum = (key: "dropped" | "calls" | "cpuMs" | "mediaCpuMs") => phases.reduce((total, phase) => total + phase[key], 0);
  return {
    transit: all("transit"),
    concurrent: all("concurrent"),
    inbound: all("inbound"),
    outbound: all("outbound"),
    bargeIns: all("bargeIns"),
    voiceToVoice: all("voiceToVoice"),
    productTurns: all("productTurns"),
    greetings: all("greetings"),
    dropped: sum("dropped"),
    answered: Math.min(...phases.map((phase) => phase.answered)),
    calls: sum("calls"),
    cpuMs: sum("cpuMs"),
    mediaCpuMs: sum("mediaCpuMs"),
  };
}
