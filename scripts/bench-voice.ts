/**
 * `npm run bench:voice`: N simulated calls at once (BENCH_CALLS, default 50) through the real worker under
 * `wrangler dev` and the provider simulators. Each caller plays real-time μ-law, talks over Nikki (barge-in)
 * and hangs up after her answer. Frames carry tags, so each is timed from leaving one side to arriving at the
 * other, in both directions, on this process's clock. Ends with exactly one line:
 *   voice-bridge: p99_added_ms=X barge_in_ms=Y calls=N dropped=D
 * X: p99 of per-frame transit through the worker (Twilio → OpenAI and OpenAI → Twilio), measured end to end
 *    over loopback, so it includes wrangler dev's local proxy: an upper bound on the bridge's own latency.
 * Y: p99 from speech_started sent by OpenAI to the Twilio clear arriving. D: frames that never arrived.
 */
import { rmSync } from "node:fs";
import { SIMULATED_CREDENTIALS } from "../e2e/simulators/credentials";
import { type SimulatedCallReport, placeSimulatedCall } from "../e2e/simulators/twilio-caller";
import { DEMO } from "../worker/src/db/seed";
import { ROOT, prepareLocalDatabase, startWorker, stopWorker } from "./lib/local";
import { startSimulators } from "./lib/simulators";

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const PORT = 8793;
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = `${ROOT}/.bench/voice-state`;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (value: number) => Math.round(value * 10) / 10;

rmSync(STATE, { recursive: true, force: true });
await prepareLocalDatabase(STATE);
const simulators = await startSimulators({ openaiPort: 8803, twilioPort: 8804, publicBaseUrl: BASE, replyFrames: 100 });
const worker = await startWorker({ port: PORT, persistTo: STATE, vars: { ...simulators.vars, LOG_LEVEL: "error" }, quiet: true });
const started = performance.now();
let reports: SimulatedCallReport[] = [];
try {
  reports = await Promise.all(
    Array.from({ length: CALLS }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 1000) / CALLS));
      return placeSimulatedCall({
        baseUrl: BASE,
        publicBaseUrl: BASE,
        authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
        accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
        from: `+1415555${String(1000 + index).slice(-4)}`,
        to: DEMO.phoneNumber,
        tag: index + 1,
      });
    }),
  );
} finally {
  stopWorker(worker);
  await simulators.close();
  rmSync(STATE, { recursive: true, force: true });
}

const { appended, delivered, speechStarted } = simulators.openai.timings;
const inbound: number[] = [];
const outbound: number[] = [];
let dropped = 0;
for (const report of reports) {
  for (const [key, sentAt] of report.sentAt) {
    const arrived = appended.get(key);
    if (arrived === undefined) dropped++;
    else inbound.push(arrived - sentAt);
  }
  if (report.sessionTag === null) continue;
  const lastReceived = Math.max(...report.receivedAt.values());
  for (const [key, sentAt] of delivered) {
    if (!key.startsWith(`${report.sessionTag}:`)) continue;
    const arrived = report.receivedAt.get(key);
    if (arrived !== undefined) outbound.push(arrived - sentAt);
    else if (sentAt < lastReceived) dropped++;
  }
}
const bargeIns = reports.flatMap((report) => {
  const said = report.sessionTag === null ? undefined : speechStarted.get(report.sessionTag);
  return said !== undefined && report.clearAt !== null ? [report.clearAt - said] : [];
});
const transit = [...inbound, ...outbound];
const answered = reports.filter((report) => !report.voicemail && report.mediaReceived > 0).length;
console.log(
  `bench:voice: ${CALLS} calls in ${round((performance.now() - started) / 1000)} s; ${answered} answered by Nikki; ${bargeIns.length} barge-ins`,
);
for (const [name, values] of [["caller → OpenAI", inbound], ["OpenAI → caller", outbound]] as const) {
  console.log(`  ${name}: ${values.length} frames, p50 ${round(percentile(values, 50))} ms, p99 ${round(percentile(values, 99))} ms`);
}
console.log(`voice-bridge: p99_added_ms=${round(percentile(transit, 99))} barge_in_ms=${round(percentile(bargeIns, 99))} calls=${answered} dropped=${dropped}`);
