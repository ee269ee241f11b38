/**
 * `npm run bench:lifecycle`: the CPU the product spends on one call's lifecycle as Twilio's webhooks tell it (the
 * signed voice webhook, then `ringing`, `in-progress` and `completed` status callbacks: scripts/bench/call-lifecycle.ts),
 * against the bare route doing the same database work (scripts/baseline/worker.ts). Both run as `wrangler deploy`
 * bundles them, in workerd under Miniflare (no dev proxy: `wrangler dev` adds a second workerd process to every
 * request's path and weighs on the lighter side most), on free ports beside the simulators. The product's figure is
 * both planes' processes (a call that never streams never reaches the media plane: the plan waits on the call's row
 * for a stream that never asks, and is cleared when the call ends); CPU time is read from /proc (scripts/bench/process-cpu.ts), so a busy machine slows the run
 * without adding to it. Ends with:
 *   lifecycle: product_ms=P bare_ms=B ratio=R
 * P, B: CPU ms per lifecycle, over all rounds; R = P / B (target ≤ 1.5). LIFECYCLE_CALLS lifecycles a round (default
 * 200), LIFECYCLE_CONCURRENCY at once (default 8), LIFECYCLE_ROUNDS rounds a side (default 3), alternating, after
 * LIFECYCLE_WARMUP unmeasured lifecycles a side (default 50), so neither is measured while its code still compiles.
 * Takes free ports and no registry of dev sessions, so it runs beside `npm start`.
 */
import { LIFECYCLE_STATUSES, type WebhookAnswer, lifecycleCaller, twilioWebhook } from "./bench/call-lifecycle";
import { freePort } from "@nikki/dev/free-port";
import { startMiniflareBaseline, startMiniflareWorker } from "./bench/miniflare-worker";
import { cpuMeter, withChildren } from "./bench/process-cpu";
import { spawnSimulators } from "./bench/simulators-spawn";

const CALLS = Number(process.env.LIFECYCLE_CALLS ?? 200);
const CONCURRENCY = Number(process.env.LIFECYCLE_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.LIFECYCLE_ROUNDS ?? 3);
const WARMUP = Number(process.env.LIFECYCLE_WARMUP ?? 50);
/** After a round, the work its answers left running (the spend charged, dashboards told) finishes within this. */
const SETTLE_MS = 1_500;
const TARGET_RATIO = 1.5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** `calls` lifecycles, `CONCURRENCY` at a time, each one's webhooks in order; CallSids carry the side's digit and the call's number. */
async function lifecycles(base: string, side: number, first: number, calls: number): Promise<WebhookAnswer[]> {
  const answers: WebhookAnswer[] = [];
  let next = first;
  const worker = async () => {
    while (next < first + calls) {
      const call = next++;
      const lifecycle = { sid: `CA${side}${call.toString(16).padStart(31, "0")}`, from: lifecycleCaller(call) };
      for (const status of LIFECYCLE_STATUSES) answers.push(await twilioWebhook(base, lifecycle, status));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}

const [productPort, barePort, openaiPort, twilioPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const productBase = `http://127.0.0.1:${productPort}`;
const simulators = await spawnSimulators({ openaiPort, twilioPort, publicBaseUrl: productBase, replyFrames: 50, connectDelayMs: 0, responseDelayMs: 0 });
const started = performance.now();
const cpuMs = [0, 0];
const failures: string[] = [];
try {
  const { value: product, pids: productPids } = await withChildren(() =>
    startMiniflareWorker({
      port: productPort,
      vars: { ...simulators.vars, LOG_LEVEL: "error" },
      prepare: (db) => db.prepare("update organization_settings set daily_spend_cap_usd = 1000000").run(),
    }),
  );
  const { value: bare, pids: barePids } = await withChildren(() => startMiniflareBaseline({ port: barePort }));
  const sides = [
    { base: productBase, meter: cpuMeter(productPids) },
    { base: `http://127.0.0.1:${barePort}`, meter: cpuMeter(barePids) },
  ];
  try {
    let call = 0;
    for (const side of sides.keys()) {
      await lifecycles(sides[side]!.base, side, call, WARMUP);
      call += WARMUP;
    }
    await sleep(SETTLE_MS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, side] of sides.entries()) {
        const before = side.meter.read();
        const answers = await lifecycles(side.base, index, call, CALLS);
        call += CALLS;
        await sleep(SETTLE_MS);
        cpuMs[index]! += side.meter.read() - before;
        const bad = answers.filter((answer) => answer.status === 0 || answer.status >= 400).length;
        const unconnected = answers.filter((answer) => answer.twiml && !answer.connects).length;
        if (bad) failures.push(`${["product", "bare"][index]} round ${round + 1}: ${bad} webhooks failed`);
        if (unconnected) failures.push(`${["product", "bare"][index]} round ${round + 1}: ${unconnected} calls not connected to a stream`);
      }
    }
  } finally {
    await Promise.all([product.dispose(), bare.dispose()]);
  }
} finally {
  simulators.process.kill("SIGTERM");
}
const [productMs, bareMs] = cpuMs.map((ms) => ms / (CALLS * ROUNDS)) as [number, number];
console.log(
  `bench:lifecycle: ${CALLS} lifecycles × ${ROUNDS} rounds a side (${CONCURRENCY} at once, after ${WARMUP} warm-up), voice webhook + 3 status callbacks each, in ${round1((performance.now() - started) / 1000)} s`,
);
for (const failure of failures) console.log(`  FAIL ${failure}`);
const ratio = productMs / bareMs;
console.log(`  target: ratio ≤ ${TARGET_RATIO}${ratio <= TARGET_RATIO ? "" : " (not met)"}`);
console.log(`lifecycle: product_ms=${round1(productMs)} bare_ms=${round1(bareMs)} ratio=${ratio.toFixed(2)}`);
process.exit(failures.length ? 1 : 0);
