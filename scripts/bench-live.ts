/**
 * `npm run bench:live`: listening in (issue 56 §2) under load. In one run, passes of N simulated calls at once
 * (BENCH_CALLS, default 50, ringing in over BENCH_RAMP_MS, then talking for 6 s, as bench:voice places them) go through
 * the product (both planes, as deployed, in workerd), alternately without listeners and with one listener a call
 * (a client here that opens the media plane's listener socket as soon as the call is answered, with a ticket minted
 * as the control plane mints it, and decodes every message as the page does), for BENCH_ROUNDS rounds (default 3)
 * after a warm-up pass of each. Ends with:
 *   live-listen: listen_delay_p95_ms=D dropped_callers=C dropped_listeners=L media_cpu_with_listener_ratio=R calls=N listeners=M
 * D: the media plane handling a frame (its stamp) → its samples decoded here, p95 over every message of every pass.
 * C: frames the callers lost (bench:voice's rule) in the passes with listeners. L: frames that went to Twilio or to
 * the model, between the first and the last frame a listener got of that side, that the listener did not get.
 * R: the media plane's CPU time per call (its workerd processes, /proc) with a listener over without, pooled over the
 * rounds; the `rounds:` line keeps each round's. M: listeners that heard both sides. Targets: D ≤ 500, C = L = 0,
 * R ≤ 1.25. Takes free ports, so it runs beside `npm start`.
 */
import { freePort } from "@nikki/dev/free-port";
import { DEMO } from "../worker/src/db/seed";
import { type Listener, listen } from "./bench/listener-client";
import { startMiniflareWorker } from "./bench/miniflare-worker";
import { cpuMeter } from "./bench/process-cpu";
import { rampCalls } from "./bench/ramped-calls";
import { settled } from "./bench/settled";
import { spawnSimulators } from "./bench/simulators-spawn";
import { percentile } from "./bench/stats";
import { lostFrames, timingsOf } from "./lib/frame-accounting";

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = 2_000;
/** How often the calls in progress are looked up, to listen to each new one. */
const POLL_MS = 100;

const [workerPort, openaiPort, twilioPort] = await Promise.all([freePort(), freePort(), freePort()]);
const workerBase = `http://127.0.0.1:${workerPort}`;
const simulators = await spawnSimulators({ openaiPort, twilioPort, publicBaseUrl: workerBase, replyFrames: 100, connectDelayMs: 500, responseDelayMs: 400 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Pass {
  listeners: boolean;
  calls: number;
  mediaCpuMs: number;
  droppedCallers: number;
  droppedListeners: number;
  delays: number[];
  heardBoth: number;
}

/** One listener a call of the organization, each as soon as its stream is up, until `stop()`. */
function listenToEveryCall(db: D1Database, mediaBase: string, secret: string) {
  const listeners = new Map<string, Promise<Listener | null>>();
  let polling = true;
  const join = (callSid: string) => listen({ mediaBase, secret, callSid, organizationId: DEMO.organizationId, userId: DEMO.ownerUserId }).catch(() => null);
  const poll = (async () => {
    const live = db.prepare("select call_sid from calls where organization_id = ? and status = 'in-progress' and ended_at is null").bind(DEMO.organizationId);
    while (polling) {
      for (const { call_sid } of (await live.all<{ call_sid: string }>()).results) if (!listeners.has(call_sid)) listeners.set(call_sid, join(call_sid));
      await sleep(POLL_MS);
    }
  })();
  return {
    async stop(): Promise<Map<string, Listener>> {
      polling = false;
      await poll;
      const joined = new Map<string, Listener>();
      for (const [sid, listener] of listeners) {
        const done = await listener;
        if (!done) continue;
        done.close();
        joined.set(sid, done);
      }
      return joined;
    },
  };
}

const seqOf = (key: string) => Number(key.split(":")[1]);

/** Frames of one side (`keys`, in order of tags) between the first and the last the listener got, that it did not get. */
function missed(keys: string[], heard: Set<string>): number {
  const seen = keys.filter((key) => heard.has(key)).map(seqOf);
  if (seen.length === 0) return 0;
  const [low, high] = [Math.min(...seen), Math.max(...seen)];
  return keys.filter((key) => seqOf(key) >= low && seqOf(key) <= high && !heard.has(key)).length;
}

const started = performance.now();
const passes: Pass[] = [];
try {
  const worker = await startMiniflareWorker({
    port: workerPort,
    vars: { ...simulators.vars, LOG_LEVEL: "error" },
    prepare: (db) => db.prepare("update organization_settings set daily_spend_cap_usd = 10000, live_listening = 1").run(),
  });
  const mediaMeter = cpuMeter(worker.mediaPids);
  try {
    let tag = 1;
    const pass = async (withListeners: boolean, calls: number): Promise<Pass> => {
      const before = mediaMeter.read();
      const listening = withListeners ? listenToEveryCall(worker.db, worker.mediaBase, worker.authSecret) : null;
      const reports = await rampCalls({ base: workerBase, calls, rampMs: RAMP_MS, firstTag: tag, minDurationMs: RAMP_MS + 6_000, playPrompts: true });
      tag += calls;
      const timings = await timingsOf(`http://127.0.0.1:${openaiPort}`, { take: true });
      const listeners = listening ? await listening.stop() : new Map<string, Listener>();
      await settled(worker.db, reports, SETTLE_MS);
      const appended = new Map(timings.appended);
      const fillerFrames = new Map(timings.fillerFrames);
      const result: Pass = {
        listeners: withListeners,
        calls,
        mediaCpuMs: mediaMeter.read() - before,
        droppedCallers: 0,
        droppedListeners: 0,
        delays: [],
        heardBoth: 0,
      };
      for (const report of reports) {
        result.droppedCallers += lostFrames(report, appended, timings.delivered, fillerFrames);
        const listener = listeners.get(report.callSid);
        if (!listener) continue;
        const callerKeys = [...report.sentAt.keys()].filter((key) => appended.has(key));
        const agentKeys = [...report.receivedAt.keys()];
        result.droppedListeners += missed(callerKeys, listener.heard) + missed(agentKeys, listener.heard);
        if (callerKeys.some((key) => listener.heard.has(key)) && agentKeys.some((key) => listener.heard.has(key))) result.heardBoth++;
        result.delays.push(...listener.delays);
      }
      return result;
    };
    // Warm-up: neither side is timed while its runtime still compiles its code.
    await pass(false, 10);
    await pass(true, 10);
    for (let round = 0; round < ROUNDS; round++) for (const withListeners of [false, true]) passes.push(await pass(withListeners, CALLS));
  } finally {
    await worker.dispose();
  }
} finally {
  simulators.process.kill("SIGTERM");
}

const of = (listeners: boolean) => passes.filter((pass) => pass.listeners === listeners);
const cpuPerCall = (list: Pass[]) => list.reduce((sum, pass) => sum + pass.mediaCpuMs, 0) / list.reduce((sum, pass) => sum + pass.calls, 0);
const [without, withListener] = [of(false), of(true)];
const delays = withListener.flatMap((pass) => pass.delays);
const sum = (list: Pass[], key: "droppedCallers" | "droppedListeners" | "heardBoth") => list.reduce((total, pass) => total + pass[key], 0);
console.log(
  `bench:live: ${CALLS} calls a pass, ${ROUNDS} rounds of (no listener, one listener a call), in ${Math.round((performance.now() - started) / 1000)} s`,
);
console.log(
  `rounds: ${withListener.map((pass, index) => `${index + 1}: media cpu/call ${Math.round(without[index]!.mediaCpuMs / without[index]!.calls)} → ${Math.round(pass.mediaCpuMs / pass.calls)} ms (ratio ${round2(pass.mediaCpuMs / pass.calls / (without[index]!.mediaCpuMs / without[index]!.calls))}), listen p95 ${Math.round(percentile(pass.delays, 95))} ms`).join("; ")}`,
);
console.log(
  `listen: ${delays.length} messages, delay p50 ${Math.round(percentile(delays, 50))} ms p99 ${Math.round(percentile(delays, 99))} ms max ${Math.round(Math.max(...delays))} ms; callers dropped ${sum(without, "droppedCallers")} without listeners`,
);
console.log(
  [
    "live-listen:",
    `listen_delay_p95_ms=${Math.round(percentile(delays, 95))}`,
    `dropped_callers=${sum(withListener, "droppedCallers")}`,
    `dropped_listeners=${sum(withListener, "droppedListeners")}`,
    `media_cpu_with_listener_ratio=${round2(cpuPerCall(withListener) / cpuPerCall(without))}`,
    `media_cpu_ms_per_call=${Math.round(cpuPerCall(without))}`,
    `calls=${withListener.reduce((total, pass) => total + pass.calls, 0)}`,
    `listeners=${sum(withListener, "heardBoth")}`,
  ].join(" "),
);
