/**
 * The soak's webhooks (item 15, soak.ts), sent and timed from a thread of their own. The soak's 50 simulated callers
 * stream from the main thread (2,500 frames a second each way), whose event loop stalled 60-126 ms in every 10 s
 * block; a stall there delays the answers it times, on whichever side's block it falls. This thread only sends the
 * webhooks and reads the clock, so an answer's time is the server's and the machine's, not the callers'.
 * The thread also reads how busy the machine and each side's processes were during each side's blocks.
 */
import { cpus } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { LIFECYCLE_STATUSES, type WebhookAnswer, lifecycleCaller, twilioWebhook } from "../bench/call-lifecycle";
import { cpuMeter } from "../bench/process-cpu";

export type Side = "product" | "baseline";

export interface WebhookPlan {
  sides: Record<Side, { base: string; pids: number[] }>;
  /** Which side each block sends its webhooks to. */
  blocks: Side[];
  blockSeconds: number;
  webhooksPerSecond: number;
}

export interface WebhookResults {
  answers: Record<Side, WebhookAnswer[]>;
  /** Which of the side's own blocks each of its answers was sent in. */
  blockOf: Record<Side, number[]>;
  /** The share of the machine's CPU in use during each side's blocks (NaN without blocks). */
  busy: Record<Side, number>;
  /** CPU ms each side's processes spent during each side's blocks: `spent[whose][during]`. */
  spent: Record<Side, Record<Side, number>>;
  /** This thread's longest event-loop stall, in ms. */
  longestStallMs: number;
}

/** Each side's CallSids start with its own hex digit. */
const SID_TAG: Record<Side, string> = { product: "a", baseline: "b" };
/** When each of a lifecycle's webhooks comes, in seconds after the voice webhook: the status callbacks 1, 2 and 4 s later. */
const AFTER_SECONDS = [0, 1, 2, 4] as const;

/** Busy and total CPU time of all cores so far, in ms. */
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * Webhooks at a steady rate to each block's side, each on its own schedule (a slow answer does not delay the
 * next). A side's slots run on across its blocks: slot i carries webhook i % 4 of a call, for the call that rang
 * AFTER_SECONDS earlier (so a call whose last seconds fall at the end of a block hears its later callbacks in the
 * side's next block).
 */
async function webhooksInBlocks(plan: WebhookPlan): Promise<WebhookResults> {
  const afterCalls = AFTER_SECONDS.map((seconds) => Math.round((seconds * plan.webhooksPerSecond) / LIFECYCLE_STATUSES.length));
  const answers: Record<Side, Promise<WebhookAnswer>[]> = { product: [], baseline: [] };
  const blockOf: Record<Side, number[]> = { product: [], baseline: [] };
  const blocksSent: Record<Side, number> = { product: 0, baseline: 0 };
  const slots: Record<Side, number> = { product: 0, baseline: 0 };
  const cpu: Record<Side, { busy: number; total: number }> = { product: { busy: 0, total: 0 }, baseline: { busy: 0, total: 0 } };
  const meters = { product: cpuMeter(plan.sides.product.pids), baseline: cpuMeter(plan.sides.baseline.pids) };
  const spent: Record<Side, Record<Side, number>> = { product: { product: 0, baseline: 0 }, baseline: { product: 0, baseline: 0 } };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  for (const side of plan.blocks) {
    const before = cpuTimes();
    const spentBefore = { product: meters.product.read(), baseline: meters.baseline.read() };
    const started = performance.now();
    for (let slot = 0; slot < plan.blockSeconds * plan.webhooksPerSecond; slot++) {
      const wait = started + (slot * 1000) / plan.webhooksPerSecond - performance.now();
      if (wait > 0) await sleep(wait);
      const next = slots[side]++;
      const webhook = next % LIFECYCLE_STATUSES.length;
      const call = Math.floor(next / LIFECYCLE_STATUSES.length) - afterCalls[webhook]!;
      const lifecycle = { sid: `CA${SID_TAG[side]}${call.toString(16).padStart(31, "0")}`, from: lifecycleCaller(call) };
      if (call >= 0) {
        answers[side].push(twilioWebhook(plan.sides[side].base, lifecycle, LIFECYCLE_STATUSES[webhook]!));
        blockOf[side].push(blocksSent[side]);
      }
    }
    blocksSent[side]++;
    await sleep(Math.max(0, started + plan.blockSeconds * 1000 - performance.now()));
    const after = cpuTimes();
    cpu[side].busy += after.busy - before.busy;
    cpu[side].total += after.total - before.total;
    for (const whose of ["product", "baseline"] as const) spent[whose][side] += meters[whose].read() - spentBefore[whose];
  }
  loop.disable();
  const busy = (side: Side) => (cpu[side].total ? cpu[side].busy / cpu[side].total : Number.NaN);
  return {
    answers: { product: await Promise.all(answers.product), baseline: await Promise.all(answers.baseline) },
    blockOf,
    busy: { product: busy("product"), baseline: busy("baseline") },
    spent,
    longestStallMs: loop.max / 1e6,
  };
}

/** Runs the webhooks in a worker thread of this module and answers what it measured. */
export function webhooksInOwnThread(plan: WebhookPlan): Promise<WebhookResults> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL(import.meta.url), { workerData: plan });
    thread.once("message", (results: WebhookResults) => {
      resolve(results);
      void thread.terminate();
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`the soak's webhook thread exited (code ${code}) before it answered`)));
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void webhooksInBlocks(workerData as WebhookPlan).then((results) => port.postMessage(results));
}
