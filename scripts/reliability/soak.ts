/**
 * Item 15: a soak against `wrangler dev`. 50 simulated calls stream through the product for the whole run (real-time
 * μ-law both ways through the bridge and the OpenAI simulator) while signed Twilio webhooks arrive at 40 a second:
 * 10 calls ringing in each second, each with its voice webhook and three status callbacks (one call lifecycle:
 * scripts/bench/call-lifecycle.ts). The baseline worker's bare Hono routes, doing the same database work and answering
 * the same TwiML, get the same webhooks in the same run, so the p95 TwiML answer time is a ratio on the same machine
 * (target ≤ 2). The two sides take turns in blocks of 10 s (product, baseline, product, …), each getting its webhooks
 * for 60 s in all beside the same streaming calls: each is measured at that load, and neither with the other's
 * webhooks on top of its own. The webhooks start once the calls are all streaming (`webhooks_from_s`), and
 * `twiml_p95_ms_by_block` shows each block's p95 on each side. They are sent and timed from a thread of their own
 * (soak-webhooks.ts), away from the callers' frames; `sender_stall_max_ms` is that thread's longest stall. 40 a
 * second is a load both sides sustain on this 2-core machine beside 50 calls; at 100 the baseline's wrangler dev
 * alone kept a core busy.
 * `cpu_ms_per_lifecycle`: the CPU time all of a side's processes (wrangler dev and its workerd children; the product's
 * two planes) spent during its own blocks, less what they spent during the other side's blocks (the streaming calls,
 * idle timers), per lifecycle it was sent; read from /proc (scripts/bench/process-cpu.ts), so stalls from elsewhere do
 * not add to it. Their ratio is `lifecycle_cpu_ratio`.
 * `-- --soak` keeps 100 webhooks a second for 10 minutes a side as a capacity figure: printed, not judged.
 * SOAK_SECONDS, SOAK_CALLS and SOAK_RATE (webhooks a second) change the load, to find where the product's answers
 * start to queue; SOAK_SIDES=baseline (or product) sends the webhooks to that side alone. `machine_cpu_busy` is the
 * share of all this machine's cores in use during each side's blocks: near 100 %, the figures measure the machine
 * rather than the product. Memory, first window against last: `heap_*` is the product's live JavaScript heap (both
 * planes, after a full collection: scripts/bench/live-heap.ts), which the 10 % rule reads; `memory_*` the resident memory
 * of its workerd processes, printed beside it with the baseline's (`baseline_*`), since resident memory also counts
 * the local runtime's own D1, which grows with every query the same way under the bare worker.
 * Runs beside `npm start`: each side's planes find each other in a registry of dev sessions of the run's own
 * (dev/local.ts), never the running product's planes of the same name.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { LIFECYCLE_STATUSES, TWILIO_TIMEOUT_MS, type WebhookAnswer } from "../bench/call-lifecycle";
import { lostFrames, timingsOf } from "../lib/frame-accounting";
import { rampCalls } from "../bench/ramped-calls";
import { percentile } from "../bench/stats";
import { type ReliabilityItem, outcome } from "./context";
import { type Side, webhooksInOwnThread } from "./soak-webhooks";
import { wranglerPair } from "./wrangler-pair";

/** The capacity run: 100 webhooks a second for 10 minutes a side, printed and not judged. */
const CAPACITY = process.argv.includes("--soak");
const CALLS = Number(process.env.SOAK_CALLS ?? 50);
const RAMP_MS = 5_000;
const WEBHOOKS_PER_SECOND = Number(process.env.SOAK_RATE ?? (CAPACITY ? 100 : 40));
const MAX_P95_RATIO = 2;
const MAX_MEMORY_CHANGE = 0.1;
/** Calls ringing in and the first pre-opened model sessions timing out: memory is compared after this. */
const WARM_UP_MS = 15_000;
/** Each read of a live heap is a full collection, a pause both sides take alike: less often than resident memory's. */
const HEAP_EVERY_MS = 10_000;
/** Webhook seconds each side gets. */
const SECONDS = CAPACITY ? 600 : Number(process.env.SOAK_SECONDS ?? 60);
/** The sides take turns in blocks this long. */
const BLOCK_SECONDS = 10;
const SIDES = process.env.SOAK_SIDES ?? "both";
if (!["both", "baseline", "product"].includes(SIDES)) throw new Error(`SOAK_SIDES is both, baseline or product, not "${SIDES}"`);

/** Which side each block sends its webhooks to: taking turns, or one side throughout (SOAK_SIDES). */
const BLOCKS: Side[] = Array.from({ length: Math.ceil(SECONDS / BLOCK_SECONDS) * (SIDES === "both" ? 2 : 1) }, (_, block) =>
  SIDES === "both" ? (block % 2 === 0 ? "product" : "baseline") : (SIDES as Side),
);
const RUN_SECONDS = BLOCKS.length * BLOCK_SECONDS;
/**
 * The webhooks start once the 50 calls have rung in and settled, and the calls last past the last block: 50 streams
 * starting within 5 s (their plans claimed, the model's sessions opened, the greetings played) are a load of their
 * own, which fell on the product's first block alone (its TwiML p95 603 ms against 56-99 in its other blocks).
 */
const LEAD_MS = RAMP_MS + 5_000;

type Answer = WebhookAnswer;
/** Both sides' memory at `at` ms into the run, in MB. */
type MemorySample = { at: number } & Record<Side, number>;

const callsOnTheLine = (base: string, failures: string[]) =>
  rampCalls({ base, calls: CALLS, rampMs: RAMP_MS, firstTag: 50_000, minDurationMs: LEAD_MS + RUN_SECONDS * 1000, failures });

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export const soak: ReliabilityItem = {
  number: "15",
  name: "soak",
  server: false,
  async run() {
    const pair = await wranglerPair();
    // The product's and the baseline's resident memory: the baseline's tells what the local runtime itself grows by.
    const memory: MemorySample[] = [];
    const heap: MemorySample[] = [];
    const started = performance.now();
    const sampler = setInterval(
      () =>
        void Promise.all([pair.productMemoryMb(), pair.baselineMemoryMb()]).then(([product, baseline]) =>
          memory.push({ at: performance.now() - started, product, baseline }),
        ),
      2_000,
    );
    let reading = false;
    const heapSampler = setInterval(() => {
      if (reading) return;
      reading = true;
      const at = performance.now() - started;
      void Promise.all([pair.productHeapMb(), pair.baselineHeapMb()])
        .then(([product, baseline]) => heap.push({ at, product, baseline }))
        .finally(() => {
          reading = false;
        });
    }, HEAP_EVERY_MS);
    const unreachable: string[] = [];
    const [calls, sent] = await Promise.all([
      callsOnTheLine(pair.product, unreachable),
      sleep(LEAD_MS).then(() =>
        webhooksInOwnThread({
          sides: { product: { base: pair.product, pids: pair.productPids }, baseline: { base: pair.baseline, pids: pair.baselinePids } },
          blocks: BLOCKS,
          blockSeconds: BLOCK_SECONDS,
          webhooksPerSecond: WEBHOOKS_PER_SECOND,
        }),
      ),
    ]);
    const { blockOf, busy, spent } = sent;
    const { product, baseline } = sent.answers;
    clearInterval(sampler);
    clearInterval(heapSampler);

    const timings = await timingsOf(pair.openai);
    const appended = new Map(timings.appended);
    const fillerFrames = new Map(timings.fillerFrames);
    const cancelledFrames = new Set(timings.cancelledFrames);
    const dropped = calls.reduce((sum, report) => sum + lostFrames(report, appended, timings.delivered, fillerFrames, cancelledFrames), 0);
    const streamed = calls.filter((report) => !report.voicemail && report.mediaReceived > 0).length;
    const framesSent = calls.reduce((sum, report) => sum + report.framesSent, 0);
    const serverErrors = [...product, ...baseline].filter((answer) => answer.status >= 500 || answer.status === 0).length;
    const voicemails = product.filter((answer) => answer.twiml && answer.status === 200 && !answer.connects).length;
    const twimlMs = (answers: Answer[]) => answers.filter((answer) => answer.twiml).map((answer) => answer.ms);
    // Each of a side's blocks on its own: a ratio decided by one block or two is a stall, not the product's pace.
    const p95ByBlock = (side: Side, answers: Answer[]) =>
      Array.from({ length: BLOCKS.filter((block) => block === side).length }, (_, block) =>
        percentile(twimlMs(answers.filter((_, i) => blockOf[side][i] === block)), 95).toFixed(0),
      ).join("/");
    const p95 = percentile(twimlMs(product), 95);
    const baselineP95 = percentile(twimlMs(baseline), 95);
    const timedOut = (answers: Answer[]) => answers.filter((answer) => answer.status === 0);
    // Past Twilio's timeout on either side, both p95s are the timeout itself and their ratio says nothing.
    const saturated = [product, baseline].some((answers) => timedOut(answers).filter((answer) => answer.twiml).length * 20 > twimlMs(answers).length);
    const percent = (fraction: number) => (Number.isNaN(fraction) ? "n/a" : `${Math.round(fraction * 100)}%`);
    const blocksEnd = LEAD_MS + RUN_SECONDS * 1000;
    const window = Math.min(60_000, (blocksEnd - WARM_UP_MS) / 4);
    const windows = (samples: MemorySample[], side: Side) => {
      const first = mean(samples.filter(({ at }) => at >= WARM_UP_MS && at < WARM_UP_MS + window).map((sample) => sample[side]));
      const last = mean(samples.filter(({ at }) => at >= blocksEnd - window && at < blocksEnd).map((sample) => sample[side]));
      return { first, last, change: (last - first) / first };
    };
    const productMemory = windows(memory, "product");
    const baselineMemory = windows(memory, "baseline");
    const productHeap = windows(heap, "product");
    const baselineHeap = windows(heap, "baseline");
    // Why the two p95s cannot be compared, if they cannot.
    const incomparable =
      SIDES !== "both"
        ? `webhooks went to the ${SIDES} alone (SOAK_SIDES), so there is no ratio`
        : saturated
          ? `over 5 % of a side's TwiML answers timed out, so their p95s cannot be compared (this machine's CPU was ${percent(busy.product)} busy during the product's blocks, ${percent(busy.baseline)} during the baseline's)`
          : null;
    const ratio = p95 / baselineP95;
    // A side's own blocks less the other's: what its lifecycles cost beyond the calls streaming throughout.
    const other = (side: Side): Side => (side === "product" ? "baseline" : "product");
    const lifecycleCpuMs = (side: Side, answers: Answer[]) =>
      answers.length ? (spent[side][side] - spent[side][other(side)]) / (answers.length / LIFECYCLE_STATUSES.length) : Number.NaN;
    const productCpu = lifecycleCpuMs("product", product);
    const baselineCpu = lifecycleCpuMs("baseline", baseline);

    const judged = [
      ...(streamed < CALLS ? [`${CALLS - streamed} of ${CALLS} calls did not stream`] : []),
      ...(unreachable.length > 0 ? [`${unreachable.length} calls never reached the product (${unreachable[0]})`] : []),
      ...(dropped > 0 ? [`${dropped} frames dropped`] : []),
      ...(serverErrors > 0 ? [`${serverErrors} webhooks answered 5xx or not within Twilio's ${TWILIO_TIMEOUT_MS / 1000} s`] : []),
      ...(voicemails > 0 ? [`${voicemails} webhooks answered with voicemail instead of the stream`] : []),
      ...(incomparable ? [incomparable] : ratio > MAX_P95_RATIO ? [`p95 TwiML answer ${ratio.toFixed(2)}× the bare route's (target ≤ ${MAX_P95_RATIO})`] : []),
      ...(!(Math.abs(productHeap.change) <= MAX_MEMORY_CHANGE)
        ? [`the live heap moved ${(productHeap.change * 100).toFixed(1)} % between the first and last windows`]
        : []),
    ];
    // The capacity run is a figure to read, not a promise.
    const failures = CAPACITY ? [] : judged;
    return outcome(
      {
        duration_s: RUN_SECONDS,
        webhook_s_per_side: SECONDS,
        turn_s: BLOCK_SECONDS,
        webhooks_from_s: LEAD_MS / 1000,
        calls_streaming: `${streamed}/${CALLS}`,
        frames_sent: framesSent,
        dropped_frames: dropped,
        webhooks: `${product.length}+${baseline.length}`,
        "5xx": serverErrors,
        timed_out: `${timedOut(product).length}+${timedOut(baseline).length}`,
        twiml_p95_ms: product.length ? p95.toFixed(1) : "n/a",
        bare_p95_ms: baseline.length ? baselineP95.toFixed(1) : "n/a",
        twiml_p95_ms_by_block: `product:${p95ByBlock("product", product)},baseline:${p95ByBlock("baseline", baseline)}`,
        sender_stall_max_ms: sent.longestStallMs.toFixed(0),
        p95_ratio: incomparable ? "n/a" : ratio.toFixed(2),
        webhooks_per_s: WEBHOOKS_PER_SECOND,
        cpu_ms_per_lifecycle: `product:${productCpu.toFixed(1)},baseline:${baselineCpu.toFixed(1)}`,
        lifecycle_cpu_ratio: (productCpu / baselineCpu).toFixed(2),
        ...(CAPACITY ? { capacity_run: `not_judged(${judged.length}_findings)` } : {}),
        machine_cpu_busy: `product:${percent(busy.product)},baseline:${percent(busy.baseline)}`,
        heap_mb: `${productHeap.first.toFixed(1)}→${productHeap.last.toFixed(1)}`,
        heap_change: `${(productHeap.change * 100).toFixed(1)}%`,
        baseline_heap_mb: `${baselineHeap.first.toFixed(1)}→${baselineHeap.last.toFixed(1)}`,
        baseline_heap_change: `${(baselineHeap.change * 100).toFixed(1)}%`,
        memory_mb: `${productMemory.first.toFixed(0)}→${productMemory.last.toFixed(0)}`,
        memory_change: `${(productMemory.change * 100).toFixed(1)}%`,
        baseline_memory_mb: `${baselineMemory.first.toFixed(0)}→${baselineMemory.last.toFixed(0)}`,
        baseline_memory_change: `${(baselineMemory.change * 100).toFixed(1)}%`,
      },
      failures,
    );
  },
};
