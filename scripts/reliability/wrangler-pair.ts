/**
 * Items 15 and 15b measure the product under `wrangler dev` beside the baseline worker (scripts/baseline/worker.ts),
 * with the provider simulators in a process of their own so their load does not delay the callers' clocks. The
 * pair starts once, on first use, on free loopback ports, with fresh local state on a RAM disk (both alike).
 */
import { type ChildProcess, execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { startBaselineWorker } from "../bench/baseline";
import { freePort } from "@nikki/dev/free-port";
import { liveHeap } from "../bench/live-heap";
import { ROOT, mediaPlaneOf, prepareLocalDatabase, run, startWorker, stopWorker } from "@nikki/dev/local";
import { ramDiskTempDir } from "../bench/ram-disk";
import { type SimulatorsProcess, spawnSimulators } from "../bench/simulators-spawn";

export interface WranglerPair {
  product: string;
  baseline: string;
  openai: string;
  /** Resident memory of the product's workerd processes (both planes), in MB. */
  productMemoryMb(): Promise<number>;
  /** The same of the baseline's. */
  baselineMemoryMb(): Promise<number>;
  /** The product's live JavaScript heap after a full collection (both planes, bench/live-heap.ts), in MB. */
  productHeapMb(): Promise<number>;
  /** The same of the baseline's. */
  baselineHeapMb(): Promise<number>;
  /** The wrangler dev processes each side runs in (the product's two planes, the baseline's one), roots of their process trees. */
  productPids: number[];
  baselinePids: number[];
}

let pair: Promise<WranglerPair> | null = null;
let stop = () => {};

/** Resident memory of a process tree's workerd processes (wrangler dev runs the worker in workerd children). */
async function workerdMemoryMb(rootPid: number): Promise<number> {
  const listing = await new Promise<string>((resolve, reject) =>
    execFile("ps", ["-e", "-o", "pid=,ppid=,rss=,comm="], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const table = listing
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, rss, comm]) => ({ pid: Number(pid), ppid: Number(ppid), rss: Number(rss), comm: comm ?? "" }));
  const tree = new Set([rootPid]);
  for (let size = 0; size !== tree.size; ) {
    size = tree.size;
    for (const row of table) if (tree.has(row.ppid)) tree.add(row.pid);
  }
  return table.filter((row) => tree.has(row.pid) && row.comm.startsWith("workerd")).reduce((sum, row) => sum + row.rss, 0) / 1024;
}

async function start(): Promise<WranglerPair> {
  const [productPort, baselinePort, openaiPort, twilioPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const inspectors = { control: await freePort(), media: await freePort(), baseline: await freePort() };
  const product = `http://127.0.0.1:${productPort}`;
  const state = ramDiskTempDir("nikki-soak-");
  let simulators: SimulatorsProcess | null = null;
  let productWorker: ChildProcess | null = null;
  let baselineWorker: ChildProcess | null = null;
  let closeHeaps = () => {};
  stop = () => {
    closeHeaps();
    if (productWorker) stopWorker(productWorker);
    if (baselineWorker) stopWorker(baselineWorker);
    simulators?.process.kill("SIGTERM");
    rmSync(state, { recursive: true, force: true });
  };
  // wrangler dev refuses to start without the assets directory, which only a site build makes; the soak serves no pages.
  mkdirSync(`${ROOT}/site/dist`, { recursive: true });
  simulators = await spawnSimulators({ openaiPort, twilioPort, publicBaseUrl: product, replyFrames: 50, connectDelayMs: 100, responseDelayMs: 100 });
  await prepareLocalDatabase(`${state}/product`);
  // Every soak call is admitted: the demo organization's daily cap would send the later ones to voicemail.
  await run(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      `${state}/product`,
      "--command",
      "update organization_settings set daily_spend_cap_usd = 1000000",
    ],
    { quiet: true },
  );
  productWorker = await startWorker({
    port: productPort,
    persistTo: `${state}/product`,
    vars: { ...simulators.vars, LOG_LEVEL: "error" },
    quiet: true,
    inspectorPorts: { control: inspectors.control, media: inspectors.media },
  });
  baselineWorker = await startBaselineWorker({ port: baselinePort, persistTo: `${state}/baseline`, inspectorPort: inspectors.baseline });
  const heaps = { control: await liveHeap(inspectors.control), media: await liveHeap(inspectors.media), baseline: await liveHeap(inspectors.baseline) };
  closeHeaps = () => {
    for (const heap of Object.values(heaps)) heap.close();
  };
  const [productPid, mediaPid, baselinePid] = [productWorker.pid!, mediaPlaneOf(productWorker)!.pid!, baselineWorker.pid!];
  return {
    product,
    baseline: `http://127.0.0.1:${baselinePort}`,
    openai: `http://127.0.0.1:${openaiPort}`,
    productMemoryMb: async () => (await workerdMemoryMb(productPid)) + (await workerdMemoryMb(mediaPid)),
    baselineMemoryMb: () => workerdMemoryMb(baselinePid),
    productHeapMb: async () => (await heaps.control.read()) + (await heaps.media.read()),
    baselineHeapMb: () => heaps.baseline.read(),
    productPids: [productPid, mediaPid],
    baselinePids: [baselinePid],
  };
}

export function wranglerPair(): Promise<WranglerPair> {
  pair ??= start();
  return pair;
}

export function closeWranglerPair() {
  stop();
}
