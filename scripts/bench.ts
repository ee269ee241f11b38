/**
 * `npm run bench`: HTTP load against the real worker under `wrangler dev` (local D1), printing requests/s
 * and p50/p99 latency per route, each beside a bare route of the same app (`GET /api/ping`) as ratios.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune the run.
 */
import { existsSync, rmSync } from "node:fs";
import autocannon from "autocannon";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "./lib/local";

const PORT = 8792;
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STATE = `${ROOT}/.bench/state`;

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
}

const targets: Target[] = [
  { name: "bare GET /api/ping", method: "GET", path: "/api/ping" },
  { name: "GET /api/health", method: "GET", path: "/api/health" },
  {
    name: "POST /api/leads",
    method: "POST",
    path: "/api/leads",
    body: JSON.stringify({ name: "Bench Mark", phone: "(415) 555-2671", email: "bench@example.com", source_page: "/bench" }),
  },
];

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(target: Target): Promise<Figures> {
  const result = await autocannon({
    url: `${BASE}${target.path}`,
    method: target.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: target.body ? { "content-type": "application/json" } : {},
    body: target.body,
  });
  const unexpected = result.non2xx + result.errors + result.timeouts;
  return { name: target.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: unexpected };
}

if (!existsSync(`${ROOT}/site/dist/index.html`)) await buildSite();
rmSync(STATE, { recursive: true, force: true });
await prepareLocalDatabase(STATE);
const worker = await startWorker({ port: PORT, persistTo: STATE, vars: { LOG_LEVEL: "warn" }, quiet: true });
try {
  const figures: Figures[] = [];
  for (const target of targets) {
    await autocannon({
      url: `${BASE}${target.path}`,
      method: target.method,
      connections: 2,
      amount: 200,
      headers: target.body ? { "content-type": "application/json" } : {},
      body: target.body,
    });
    figures.push(await measure(target));
  }
  const bare = figures[0]!;
  console.log(`\nbench: ${SECONDS} s per route, ${CONNECTIONS} connections, wrangler dev with a local D1\n`);
  console.log("route                   req/s    p50 ms  p99 ms  req/s vs bare  p99 vs bare  errors");
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(22)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(7)} ${(f.rps / bare.rps).toFixed(2).padStart(14)} ${(f.p99 / bare.p99).toFixed(2).padStart(12)} ${String(f.errors).padStart(7)}`,
    );
  }
  const failed = figures.filter((f) => f.errors > 0);
  if (failed.length > 0) {
    console.error(`\nunexpected responses on: ${failed.map((f) => f.name).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  stopWorker(worker);
  rmSync(STATE, { recursive: true, force: true });
}
