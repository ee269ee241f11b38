/**
 * `npm run bench:voice`: N simulated calls at once (BENCH_CALLS, default 50) through the real worker (the bundle
 * `wrangler deploy` would upload, run by Miniflare in workerd, without wrangler dev's proxy) and the simulators.
 * The calls ring in over BENCH_RAMP_MS (default 5 s) and stay on the line until all N are talking at the same
 * time for at least 6 s. Each caller plays real-time μ-law, talks over Nikki (barge-in) and hangs up after her
 * answer. Frames carry tags, so each is timed from leaving one side to arriving at the other, in both directions,
 * on this process's clock. Ends with exactly one line:
 *   voice-bridge: p99_added_ms=X barge_in_ms=Y calls=N dropped=D
 * X: p99 of per-frame transit through the worker (Twilio → OpenAI and OpenAI → Twilio), every frame, measured end
 *    to end over loopback, so it includes the sockets on both sides and the simulators sharing this machine's
 *    cores: an upper bound on the bridge's own latency.
 * Y: p99 from speech_started sent by OpenAI to the Twilio clear arriving. D: frames that never arrived.
 */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { type SimulatedCallReport, placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { DEMO } from "../worker/src/db/seed";
import { startMiniflareWorker } from "./lib/miniflare-worker";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "./lib/local";

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 5_000);
const PORT = 8793;
const BASE = `http://127.0.0.1:${PORT}`;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (value: number) => Math.round(value * 10) / 10;

const OPENAI_PORT = 8803;
// The simulators run in their own process, so their load does not delay the callers' clocks (and the reverse).
const simulatorProcess = spawn(`${ROOT}/node_modules/.bin/tsx`, ["scripts/lib/simulators-process.ts", String(OPENAI_PORT), "8804", BASE, "100"], {
  cwd: ROOT,
  stdio: ["ignore", "pipe", "inherit"],
});
const simulatorVars = await new Promise<Record<string, string>>((resolve, reject) => {
  createInterface({ input: simulatorProcess.stdout! }).on("line", (line) => {
    if (line.startsWith("{")) resolve((JSON.parse(line) as { vars: Record<string, string> }).vars);
  });
  simulatorProcess.once("exit", (code) => reject(new Error(`the simulators exited with ${code}`)));
});
const worker = await startMiniflareWorker({ port: PORT, vars: { ...simulatorVars, LOG_LEVEL: "error" } });
const started = performance.now();
let reports: SimulatedCallReport[] = [];
try {
  reports = await Promise.all(
    Array.from({ length: CALLS }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * RAMP_MS) / CALLS));
      return placeSimulatedCall({
        baseUrl: BASE,
        publicBaseUrl: BASE,
        authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
        accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
        from: `+1415555${String(1000 + index).slice(-4)}`,
        to: DEMO.phoneNumber,
        tag: index + 1,
        minDurationMs: RAMP_MS + 6_000,
      });
    }),
  );
} finally {
  await worker.dispose();
}
const timings = (await (await fetch(`http://127.0.0.1:${OPENAI_PORT}/__timings`)).json()) as Record<
  "appended" | "delivered" | "speechStarted" | "sessionReady",
  [string, number][]
>;
simulatorProcess.kill("SIGTERM");
const appended = new Map(timings.appended);
const delivered = new Map(timings.delivered);
const speechStarted = new Map(timings.speechStarted.map(([tag, at]) => [Number(tag), at]));
const sessionReady = new Map(timings.sessionReady.map(([tag, at]) => [Number(tag), at]));
const inbound: number[] = [];
/** Caller audio sent before the bridge's OpenAI session was open (it waited for OpenAI's handshake): in X, and shown apart. */
const beforeSession: number[] = [];
const outbound: number[] = [];
let dropped = 0;
for (const report of reports) {
  const ready = report.sessionTag === null ? undefined : sessionReady.get(report.sessionTag);
  for (const [key, sentAt] of report.sentAt) {
    const arrived = appended.get(key);
    if (arrived === undefined) dropped++;
    else {
      inbound.push(arrived - sentAt);
      if (ready === undefined || sentAt < ready) beforeSession.push(arrived - sentAt);
    }
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
console.log(`bench:voice: ${CALLS} calls in ${round((performance.now() - started) / 1000)} s; ${answered} answered by Nikki; ${bargeIns.length} barge-ins`);
const lines = [
  ["caller → OpenAI", inbound],
  ["OpenAI → caller", outbound],
  ["caller → OpenAI, sent before OpenAI's session opened", beforeSession],
] as const;
for (const [name, values] of lines) {
  console.log(`  ${name}: ${values.length} frames, p50 ${round(percentile(values, 50))} ms, p99 ${round(percentile(values, 99))} ms`);
}
console.log(`voice-bridge: p99_added_ms=${round(percentile(transit, 99))} barge_in_ms=${round(percentile(bargeIns, 99))} calls=${answered} dropped=${dropped}`);
