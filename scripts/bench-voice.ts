/**
 * `npm run bench:voice`: the voice bridge against a bare relay, as ratios, because absolute milliseconds on a shared
 * machine measure the machine. In one run, the same N simulated calls at once (BENCH_CALLS, default 50, ringing in
 * over BENCH_RAMP_MS, then all talking together for 6 s) go through
 *   (a) the product: the worker as `wrangler deploy` bundles it, run by Miniflare in workerd, and
 *   (b) a bare relay in the same runtime that only forwards frames (scripts/bench/bare-relay.ts),
 * against the same simulators, whose OpenAI answers with realistic latencies (BENCH_CONNECT_MS, default 500, to
 * accept a Realtime session; BENCH_RESPONSE_MS, default 400, to a reply's first audio). Each caller plays real-time
 * μ-law, talks over Nikki (barge-in) and hangs up after her answer. Frames carry tags, so each is timed from leaving
 * one side to arriving at the other, both directions, on this process's clock. Ends with:
 *   voice-bridge: p50_ratio=R1 p95_pooled_ratio=R2 p99_pooled_ratio=R3 p99_vs_object_ratio=R4 media_cpu_ratio=M
 *     control_cpu_ratio=C barge_in_ratio=R5 calls=N dropped=D greeting_ms=G greeting_cached_ms=GC dead_air_p95_ms=A
 * Before measuring, BENCH_WARMUP_CALLS (default 10) calls go through each side unmeasured, so neither is timed while
 * its runtime still compiles its code. The sides then alternate for BENCH_ROUNDS rounds (default 5), so a burst of
 * load from elsewhere on the machine weighs on one round rather than on one side. Each pass starts once the one
 * before is done with its calls (the product's analyses included), so no side's frames share the machine with
 * another side's leftover work. The `rounds:` line keeps each round's ratios.
 * R1: per-frame transit through the bridge over the same through the relay, p50, the median of the rounds' ratios.
 * R2, R3: the same at p95 and p99 over all frames of all rounds pooled (a stall of 25–50 ms that hits one round
 * decides that round's p99, and the pool weighs it as the few frames it delayed). R4: the bridge's pooled p99 over
 * that of the relay with each stream in a Durable Object (below). M: CPU time of the media plane's workerd (from /proc:
 * scripts/bench/process-cpu.ts) per call over that of the relay in a Durable Object (target ≤ 1.1). C: CPU time of
 * the control plane's workerd per call over that of a fourth side, the control baseline (bench/control-baseline.ts):
 * the product's media plane before a bare control worker that gets the same requests (webhook, plan, tools, status
 * callbacks, end) and makes the same D1 statements, text and analysis request with bare handlers (target ≤ 1.5). Both
 * control sides run under a census (bench/census.ts) whose `census:` lines give, per call, the statements, texts and
 * requests each made. Each side's CPU is counted from a pass's first call to the end of its settling (after-call work
 * included); a stall from elsewhere delays frames but adds no CPU time. The `cpu:` line gives the ms a call.
 * R5: speech_started sent by OpenAI → Twilio's clear through the bridge, over the same single message's transit through the relay (p50,
 * median of the rounds).
 * D: frames the bridge lost. G, GC: the greeting case (bench/greeting-pass.ts, BENCH_GREETING_PAIRS pairs of single
 * calls, default 5), p50 from the stream's start to the greeting's first frame: G when the model says it (no render
 * yet: the first call after a change), GC when the render made ahead plays (target ≤ 60 ms). The rounds' calls play the
 * render (made at their first call): the `greeting:` line gives theirs, and the relay's, whose model says it.
 * A third side, in the same rounds, runs the relay with each stream in a Durable Object, as the product must place its
 * calls (the webhook opens the model's session in the object the stream then reaches, by CallSid): its ratios, on the
 * `placement:` line, tell the cost of that placement apart from the bridge's own work.
 * A: the slow-tool case (issue 37 §2), after the rounds: BENCH_SLOW_CALLS calls (default 20) through the bridge whose
 * booking tool takes SLOW_TOOL_MS (3 s: the confirmation text waits on a slow Twilio, the simulator's /__delays), each
 * the longest silence its caller hears in playout time between the end of their turn and the tool's answer being
 * spoken (scripts/lib/dead-air.ts), p95 over the calls; `n/a` when no call reached the answer. Target: ≤ 1,200 ms.
 * Voice to voice (issue 55 §1), over every turn the bridge's rounds answered, pooled: from the end of the caller's speech
 * (the end of their last loud frame before the model's speech_stopped) to the answer's first frame reaching them,
 * p50 and p90; the product's part, that frame's way from the model to the caller, p95 (target ≤ 20 ms; a turn a tool
 * filler answered counts in voice to voice only, its audio held until due on purpose). The bridge's
 * barge-in (R5) starts at the caller's frame that confirmed the interruption (its false-interruption guard waits for
 * the plan's minimum of speech: the frame it sent right after cutting Nikki off, which the simulator records), or at
 * speech_started, as the relay's, when the model's word came late enough to confirm it by itself.
 * Takes free ports, so it runs beside `npm start`.
 */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { CALLER_FIRST_PHRASE, type SimulatedCallReport } from "@nikki/simulators/twilio-caller";
import { startBareRelay } from "./bench/bare-relay";
import { deadAirMs } from "./lib/dead-air";
import { greetingFigures } from "./bench/greeting-pass";
import { timingsOf } from "./lib/frame-accounting";
import { type PhaseFigures, figures, pooled } from "./bench/phase-figures";
import { freePort } from "@nikki/dev/free-port";
import { rampCalls } from "./bench/ramped-calls";
import { startMiniflareWorker } from "./bench/miniflare-worker";
import { type Census, censusLine, summed, takeCensus } from "./bench/census";
import { productPlan, startControlBaseline } from "./bench/control-baseline";
import { clearAgenda, openAgenda } from "./bench/open-agenda";
import { cpuMeter, withChildren } from "./bench/process-cpu";
import { percentile } from "./bench/stats";
import { spawnSimulators } from "./bench/simulators-spawn";
import { settled as settledPass } from "./bench/settled";

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 5_000);
const CONNECT_MS = Number(process.env.BENCH_CONNECT_MS ?? 500);
const RESPONSE_MS = Number(process.env.BENCH_RESPONSE_MS ?? 400);
/** Rounds of (bridge, relay); each ratio is the median of the rounds' ratios. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Calls through each side before the rounds, not measured. */
const WARMUP_CALLS = Number(process.env.BENCH_WARMUP_CALLS ?? 10);
/** A quiet moment after each pass (its sockets closed, its last work done) before the next begins. */
const SETTLE_MS = 2_000;
/** The slow-tool case: its calls, and how long their booking tool takes. */
const SLOW_CALLS = Number(process.env.BENCH_SLOW_CALLS ?? 20);
const SLOW_TOOL_MS = 3_000;
/** The greeting case: pairs of calls, the first without the greeting rendered ahead, the second with it (bench/greeting-pass.ts). */
const GREETING_PAIRS = Number(process.env.BENCH_GREETING_PAIRS ?? 5);
/** Caller tags of each side start at a multiple of this, so no frame of one side is matched with another's (tags are 16-bit). */
const RELAY_TAGS = 20_000;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const round2 = (value: number) => round(value, 2);

const [workerPort, relayPort, objectRelayPort, openaiPort, twilioPort, baselinePort, baselineMediaPort] = await Promise.all([
  freePort(),
  freePort(),
  freePort(),
  freePort(),
  freePort(),
  freePort(),
  freePort(),
]);
const workerBase = `http://127.0.0.1:${workerPort}`;
// The simulators run in their own process, so their load does not delay the callers' clocks (and the reverse).
const simulators = await spawnSimulators({
  openaiPort,
  twilioPort,
  publicBaseUrl: workerBase,
  replyFrames: 100,
  connectDelayMs: CONNECT_MS,
  responseDelayMs: RESPONSE_MS,
});
const simulatorVars = simulators.vars;

const placeCalls = (base: string, firstTag: number, calls = CALLS) =>
  rampCalls({ base, calls, rampMs: RAMP_MS, firstTag, minDurationMs: RAMP_MS + 6_000, playPrompts: true });

/** The frames timed since the last call: the simulator forgets them, so its heap stays that of one pass. */
const timingsNow = () => timingsOf(`http://127.0.0.1:${openaiPort}`, { take: true });

const median = (values: number[]) => percentile(values, 50);

/** After a pass, SETTLE_MS for every side alike: neither side's leftover work weighs on the other's frames. */
const settled = (db: D1Database, reports: SimulatedCallReport[]) => settledPass(db, reports, SETTLE_MS);
/** A side's first caller tag in a round, so no frame of one pass is matched with another's. */
const tagOf = (side: number, round: number) => side * RELAY_TAGS + round * 1_000 + 1;

/**
 * The slow-tool case: the bookings of earlier passes are let go (the agent is open all day: bench/open-agenda.ts), so
 * every call's booking goes through and texts its confirmation, which a slow Twilio holds SLOW_TOOL_MS. Each call's
 * dead air, where its caller heard the tool's answer; and how long its slowest tool took (the control plane's own figure).
 */
async function slowToolPass(db: D1Database): Promise<{ deadAir: number[]; slowestToolMs: number[] }> {
  await clearAgenda(db);
  const delay = (ms: number) =>
    fetch(`http://127.0.0.1:${twilioPort}/__delays`, { method: "POST", body: JSON.stringify({ path_contains: "/Messages.json", ms }) });
  await delay(SLOW_TOOL_MS);
  try {
    // Each caller asks in one breath, so their turn ends once, when they stop: the silence after it is the product's.
    const reports = await rampCalls({
      base: workerBase,
      calls: SLOW_CALLS,
      rampMs: RAMP_MS,
      firstTag: tagOf(3, 0),
      minDurationMs: RAMP_MS + 10_000,
      speech: CALLER_FIRST_PHRASE,
    });
    const timings = await timingsNow();
    await settled(db, reports);
    const stopped = new Map(timings.speechStopped.map(([tag, at]) => [Number(tag), at]));
    const answers = new Map(timings.toolAnswer.map(([tag, key]) => [Number(tag), key]));
    const deadAir = reports.flatMap((report) => {
      const [turnEnd, answer] = report.sessionTag === null ? [] : [stopped.get(report.sessionTag), answers.get(report.sessionTag)];
      const ms = turnEnd === undefined || answer === undefined ? null : deadAirMs(report.receivedAt, turnEnd, answer);
      return ms === null ? [] : [ms];
    });
    const metrics = await db
      .prepare(`select metrics from calls where call_sid in (${reports.map(() => "?").join(",")})`)
      .bind(...reports.map((report) => report.callSid))
      .all<{ metrics: string | null }>();
    const slowestToolMs = metrics.results.map((row) =>
      Math.max(0, ...((JSON.parse(row.metrics ?? "{}") as { tools?: { ms: number }[] }).tools ?? []).map((tool) => tool.ms)),
    );
    return { deadAir, slowestToolMs };
  } finally {
    await delay(0);
  }
}

const started = performance.now();
let slowTool: Awaited<ReturnType<typeof slowToolPass>> = { deadAir: [], slowestToolMs: [] };
let greeting = { greetingMs: Number.NaN, greetingCachedMs: Number.NaN };
/**
 * Each side's figures, round by round: the product, the bare relay, the same relay with its streams in Durable Objects,
 * and the control baseline (bench/control-baseline.ts: the product's media plane before a bare control worker).
 */
const sides = { bridge: [] as PhaseFigures[], relay: [] as PhaseFigures[], relayInObject: [] as PhaseFigures[], controlBaseline: [] as PhaseFigures[] };
/** What the product's control plane and the control baseline did in the rounds (bench/census.ts). */
const censuses = { product: [] as Census[], baseline: [] as Census[] };
const relayOptions = { realtimeUrl: `http://127.0.0.1:${openaiPort}/v1/realtime?model=bench`, apiKey: SIMULATED_CREDENTIALS.openaiKey };
try {
  const { value: worker, pids: bridgePids } = await withChildren(() =>
    startMiniflareWorker({
      port: workerPort,
      vars: { ...simulatorVars, LOG_LEVEL: "error" },
      census: true,
      // All N calls of every round at once would pass the trial's daily spending limit, and the last ones would go to voicemail.
      prepare: (db) =>
        db
          .prepare("update organization_settings set daily_spend_cap_usd = 10000")
          .run()
          .then(() => openAgenda(db)),
    }),
  );
  const { value: bare, pids: relayPids } = await withChildren(() => startBareRelay({ ...relayOptions, port: relayPort }));
  const { value: inObject, pids: objectPids } = await withChildren(() => startBareRelay({ ...relayOptions, port: objectRelayPort, durableObject: true }));
  const controlBaseline = await startControlBaseline({
    port: baselinePort,
    mediaPort: baselineMediaPort,
    secret: worker.authSecret,
    vars: { ...simulatorVars, LOG_LEVEL: "error" },
    plan: await productPlan(workerBase, worker.db),
  });
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  const meters = [cpuMeter(bridgePids), cpuMeter(relayPids), cpuMeter(objectPids), cpuMeter(controlBaseline.pids)] as const;
  const mediaMeter = cpuMeter(worker.mediaPids);
  const bases = [workerBase, `http://127.0.0.1:${relayPort}`, `http://127.0.0.1:${objectRelayPort}`, baselineBase] as const;
  const lists = [sides.bridge, sides.relay, sides.relayInObject, sides.controlBaseline] as const;
  // The control baseline's calls are its own database's; the others' are the product's (the relays write none).
  const databaseOf = (side: number) => (side === 3 ? controlBaseline.db : worker.db);
  // The control baseline's callers ring from numbers of their own (the tags of the bridge's, moved on).
  const firstTagOf = (side: number, round: number) => (side === 3 ? tagOf(0, round) + 500 : tagOf(side, round));
  const censusOf = (side: number) => (side === 0 ? takeCensus(workerBase) : side === 3 ? takeCensus(baselineBase) : null);
  try {
    const settle = (reports: SimulatedCallReport[]) => settled(worker.db, reports);
    if (WARMUP_CALLS > 0)
      for (const [side, base] of bases.entries())
        await placeCalls(base, firstTagOf(side, ROUNDS), WARMUP_CALLS).then((reports) => settled(databaseOf(side), reports));
    await timingsNow();
    // Rounds alternate the sides, so a burst of load from elsewhere on the machine weighs on one round, not one side.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, base] of bases.entries()) {
        if (side === 0 || side === 3) await clearAgenda(databaseOf(side));
        await censusOf(side);
        const cpuBefore = meters[side]!.read();
        const mediaBefore = side === 0 ? mediaMeter.read() : 0;
        const reports = await placeCalls(base, firstTagOf(side, round));
        const phase = figures(reports, await timingsNow());
        await settled(databaseOf(side), reports);
        phase.cpuMs = meters[side]!.read() - cpuBefore;
        if (side === 0) phase.mediaCpuMs = mediaMeter.read() - mediaBefore;
        lists[side]!.push(phase);
        const census = await censusOf(side);
        if (census) (side === 0 ? censuses.product : censuses.baseline).push(census);
      }
    }
    if (SLOW_CALLS > 0) slowTool = await slowToolPass(worker.db);
    if (GREETING_PAIRS > 0) greeting = await greetingFigures({ base: workerBase, db: worker.db, pairs: GREETING_PAIRS, firstTag: 64_001, settle });
  } finally {
    await Promise.all([bare.dispose(), inObject.dispose(), worker.dispose(), controlBaseline.dispose()]);
  }
} finally {
  simulators.process.kill("SIGTERM");
}
const bridge = pooled(sides.bridge);
const relay = pooled(sides.relay);
const relayInObject = pooled(sides.relayInObject);
const baseline = pooled(sides.controlBaseline);
const cpuPerCall = (phase: PhaseFigures) => phase.cpuMs / phase.calls;
/** The bridge's CPU by plane: the media plane carries the frames as the relays do; the control plane the rest (metered as the difference). */
const mediaPerCall = (phase: PhaseFigures) => phase.mediaCpuMs / phase.calls;
const controlPerCall = (phase: PhaseFigures) => (phase.cpuMs - phase.mediaCpuMs) / phase.calls;

console.log(
  `bench:voice: ${CALLS} calls through each, ${ROUNDS} rounds after ${WARMUP_CALLS} warm-up calls, in ${round((performance.now() - started) / 1000)} s (OpenAI simulated at ${CONNECT_MS} ms to connect, ${RESPONSE_MS} ms to first audio)`,
);
for (const [name, phase] of [
  ["bridge", bridge],
  ["relay ", relay],
  ["relay in a Durable Object", relayInObject],
  ["control baseline (its CPU: the bare control worker's)", baseline],
] as const) {
  console.log(
    `  ${name}: ${phase.answered} answered, ${phase.transit.length} frames p50 ${round(percentile(phase.transit, 50))} ms p95 ${round(percentile(phase.transit, 95))} ms p99 ${round(percentile(phase.transit, 99))} ms, ` +
      `while all ${CALLS} were on the line: ${phase.concurrent.length} frames p50 ${round(percentile(phase.concurrent, 50))} ms p99 ${round(percentile(phase.concurrent, 99))} ms ` +
      `(caller → OpenAI p99 ${round(percentile(phase.inbound, 99))} ms, OpenAI → caller p99 ${round(percentile(phase.outbound, 99))} ms), ` +
      `barge-in p50 ${round(percentile(phase.bargeIns, 50))} ms (${phase.bargeIns.length}), greeting p50 ${Math.round(percentile(phase.greetings, 50))} ms, dropped ${phase.dropped}, ` +
      `CPU ${round(phase.cpuMs / 1000, 2)} s for ${phase.calls} calls (${Math.round(cpuPerCall(phase))} ms a call)`,
  );
}
console.log(
  `greeting: rendered_ahead_ms=${Math.round(percentile(bridge.greetings, 50))} opened_at_stream_ms=${Math.round(percentile(relay.greetings, 50))} (the bridge plays the greeting rendered ahead, made at its first warm-up call; the relay's model says it, its session opened when the stream starts)`,
);
const ratio = (of: PhaseFigures, to: PhaseFigures, value: (phase: PhaseFigures) => number) => value(of) / value(to);
const p50 = (phase: PhaseFigures) => percentile(phase.transit, 50);
const p95 = (phase: PhaseFigures) => percentile(phase.transit, 95);
const p99 = (phase: PhaseFigures) => percentile(phase.transit, 99);
const bargeIn = (phase: PhaseFigures) => percentile(phase.bargeIns, 50);
const ratios = sides.bridge.map((phase, round) => {
  const [relayRound, objectRound] = [sides.relay[round]!, sides.relayInObject[round]!];
  return {
    p50: ratio(phase, relayRound, p50),
    p95: ratio(phase, relayRound, p95),
    p99: ratio(phase, relayRound, p99),
    bargeIn: ratio(phase, relayRound, bargeIn),
    placementP99: ratio(objectRound, relayRound, p99),
    ownP99: ratio(phase, objectRound, p99),
    mediaCpu: mediaPerCall(phase) / cpuPerCall(objectRound),
    controlCpu: controlPerCall(phase) / cpuPerCall(sides.controlBaseline[round]!),
  };
});
// Each round's ratios: a stall from elsewhere on the machine shows as one round apart from the others.
console.log(
  `rounds: ${ratios.map((r, index) => `${index + 1}: p50 ${round2(r.p50)} p95 ${round2(r.p95)} p99 ${round2(r.p99)} barge-in ${round2(r.bargeIn)} media cpu ${round2(r.mediaCpu)} control cpu ${round2(r.controlCpu)} (object placement p99 ${round2(r.placementP99)}, bridge over it ${round2(r.ownP99)})`).join("; ")}`,
);
const medianOf = (key: keyof (typeof ratios)[number]) => round(median(ratios.map((r) => r[key])), 2);
// What a Durable Object per call costs by itself, and the bridge over a relay placed the same way: together they
// tell the runtime's share of the bridge's ratio apart from the bridge's own.
console.log(
  `placement: relay_in_object_p99_pooled_ratio=${round2(ratio(relayInObject, relay, p99))} relay_in_object_p99_ratio_median=${medianOf("placementP99")} bridge_over_relay_in_object_p99_ratio_median=${medianOf("ownP99")}`,
);
// CPU per call by plane, each against the baseline doing its work: the media plane against the relay with a Durable
// Object per call; the control plane (webhooks, plan, tools, end, analysis, texts) against the bare control worker
// making the same requests, statements and texts, which the `census:` line counts for both.
console.log(
  `cpu: media_plane_ms_per_call=${Math.round(mediaPerCall(bridge))} relay_in_object_ms_per_call=${Math.round(cpuPerCall(relayInObject))} control_plane_ms_per_call=${Math.round(controlPerCall(bridge))} control_baseline_ms_per_call=${Math.round(cpuPerCall(baseline))}`,
);
console.log(`census: product ${censusLine(summed(censuses.product), bridge.calls)}`);
console.log(`census: baseline ${censusLine(summed(censuses.baseline), baseline.calls)}`);
const deadAirP95 = slowTool.deadAir.length ? String(Math.round(percentile(slowTool.deadAir, 95))) : "n/a";
console.log(
  `slow-tool: ${slowTool.deadAir.length} of ${SLOW_CALLS} calls heard the ${SLOW_TOOL_MS} ms tool's answer; dead air p50 ${Math.round(percentile(slowTool.deadAir, 50))} ms p95 ${deadAirP95} ms max ${Math.round(Math.max(...slowTool.deadAir))} ms; slowest tool per call p50 ${Math.round(percentile(slowTool.slowestToolMs, 50))} ms`,
);
console.log(
  [
    "voice-bridge:",
    `p50_ratio=${medianOf("p50")}`,
    `p95_pooled_ratio=${round2(ratio(bridge, relay, p95))}`,
    `p99_pooled_ratio=${round2(ratio(bridge, relay, p99))}`,
    `p99_vs_object_ratio=${round2(ratio(bridge, relayInObject, p99))}`,
    `media_cpu_ratio=${round2(mediaPerCall(bridge) / cpuPerCall(relayInObject))}`,
    `control_cpu_ratio=${round2(controlPerCall(bridge) / cpuPerCall(baseline))}`,
    `barge_in_ratio=${medianOf("bargeIn")}`,
    `calls=${bridge.answered}`,
    `dropped=${bridge.dropped}`,
    `greeting_ms=${greeting.greetingMs}`,
    `greeting_cached_ms=${greeting.greetingCachedMs}`,
    `dead_air_p95_ms=${deadAirP95}`,
    `voice_to_voice_p50_ms=${Math.round(percentile(bridge.voiceToVoice, 50))}`,
    `voice_to_voice_p90_ms=${Math.round(percentile(bridge.voiceToVoice, 90))}`,
    `product_turn_p95_ms=${round(percentile(bridge.productTurns, 95))}`,
  ].join(" "),
);
