/**
 * `npm run bench`: HTTP load against the real worker under `wrangler dev` (local D1), each route beside the
 * baseline worker's bare Hono route doing the same database work (scripts/baseline/worker.ts, also under
 * `wrangler dev`), in the same run, taking turns round after round so the machine's noise falls on both. Prints
 * requests/s and p50/p99 latency, the product's as ratios to the baseline's, and exits non-zero when a route
 * misses issue 18's targets (≥ 0.8× requests/s, p99 ≤ 1.5×). BENCH_SECONDS (default 12, per route and side) and
 * BENCH_CONNECTIONS (default 10) tune the run.
 */
import { existsSync, rmSync } from "node:fs";
import { MAX_P99_RATIO, MIN_RPS_RATIO, compareRoutes, shortfalls } from "./bench/api-bench";
import { startBaselineWorker } from "./bench/baseline";
import { freePort } from "@nikki/dev/free-port";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "@nikki/dev/local";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 6;
const STATE = `${ROOT}/.bench/state`;

if (!existsSync(`${ROOT}/site/dist/index.html`)) await buildSite();
rmSync(STATE, { recursive: true, force: true });
const [productPort, baselinePort] = [await freePort(), await freePort()];
await prepareLocalDatabase(`${STATE}/product`);
const product = await startWorker({ port: productPort, persistTo: `${STATE}/product`, vars: { LOG_LEVEL: "warn" }, quiet: true });
const baseline = await startBaselineWorker({ port: baselinePort, persistTo: `${STATE}/baseline` });
try {
  const rows = await compareRoutes(
    { product: `http://127.0.0.1:${productPort}`, baseline: `http://127.0.0.1:${baselinePort}` },
    { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS },
  );
  console.log(`\nbench: ${SECONDS} s per route and side in ${ROUNDS} alternating rounds, ${CONNECTIONS} connections, wrangler dev with a local D1`);
  console.log("baseline: scripts/baseline/worker.ts, bare Hono routes doing the same database work without the product's middleware\n");
  console.log("route                side        req/s   p50 ms   p99 ms  errors  req/s ratio  p99 ratio");
  for (const row of rows) {
    for (const side of ["baseline", "product"] as const) {
      const f = row[side];
      const ratios = side === "product" ? `${row.rpsRatio.toFixed(2).padStart(12)} ${row.p99Ratio.toFixed(2).padStart(10)}` : "";
      console.log(
        `${row.name.padEnd(20)} ${side.padEnd(9)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(7)} ${ratios}`,
      );
    }
  }
  const short = shortfalls(rows);
  if (short.length > 0) {
    console.error(`\nshort of the targets:\n  ${short.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log(`\nevery route within the targets (≥ ${MIN_RPS_RATIO}× requests/s, p99 ≤ ${MAX_P99_RATIO}×)`);
} finally {
  stopWorker(product);
  stopWorker(baseline);
  rmSync(STATE, { recursive: true, force: true });
}
