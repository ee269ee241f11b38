/**
 * The API's own cost (issue 18, item 15b): each route loaded on the product and on the baseline worker's bare Hono
 * route doing the same database work, in alternating rounds so the machine's noise falls on both.
 */
import autocannon from "autocannon";

/** The targets of item 15b: the product keeps this share of the baseline's throughput, and this bound on its p99. */
export const MIN_RPS_RATIO = 0.8;
export const MAX_P99_RATIO = 1.5;

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
}

export const API_TARGETS: Target[] = [
  { name: "GET /api/health", method: "GET", path: "/api/health" },
  {
    name: "POST /api/leads",
    method: "POST",
    path: "/api/leads",
    body: JSON.stringify({ name: "Bench Mark", phone: "(415) 555-2671", email: "bench@example.com", source_page: "/bench" }),
  },
];

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface RouteComparison {
  name: string;
  product: Figures;
  baseline: Figures;
  rpsRatio: number;
  p99Ratio: number;
}

// Each address sends fewer leads than the per-address hourly limit: the bench measures accepted leads, not 429s.
let sent = 0;
function nextAddress() {
  const n = Math.floor(sent++ / 19);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function load(base: string, target: Target, options: { duration?: number; amount?: number; connections: number }): Promise<Figures> {
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections: options.connections,
    ...(options.duration ? { duration: options.duration } : { amount: options.amount }),
    requests: [
      {
        method: target.method,
        ...(target.body ? { body: target.body } : {}),
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "content-type": "application/json", "cf-connecting-ip": nextAddress() },
        }),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const combine = (rounds: Figures[]): Figures => ({
  rps: rounds.reduce((sum, f) => sum + f.rps, 0) / rounds.length,
  p50: median(rounds.map((f) => f.p50)),
  p99: median(rounds.map((f) => f.p99)),
  errors: rounds.reduce((sum, f) => sum + f.errors, 0),
});

/** Every target on both sides: a warm-up each, then `rounds` turns of `seconds / rounds`, alternating who goes first. */
export async function compareRoutes(sides: { product: string; baseline: string }, options: { seconds: number; connections: number; rounds: number }) {
  const rows: RouteComparison[] = [];
  for (const target of API_TARGETS) {
    for (const base of [sides.baseline, sides.product]) await load(base, target, { amount: 300, connections: 2 });
    const rounds = { product: [] as Figures[], baseline: [] as Figures[] };
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? (["baseline", "product"] as const) : (["product", "baseline"] as const);
      for (const side of order)
        rounds[side].push(await load(sides[side], target, { duration: options.seconds / options.rounds, connections: options.connections }));
    }
    const product = combine(rounds.product);
    const baseline = combine(rounds.baseline);
    rows.push({ name: target.name, product, baseline, rpsRatio: product.rps / baseline.rps, p99Ratio: product.p99 / baseline.p99 });
  }
  return rows;
}

/** What keeps a route from the targets, in words (none: within them). */
export function shortfalls(rows: RouteComparison[]): string[] {
  return rows.flatMap((row) => [
    ...(row.product.errors + row.baseline.errors > 0 ? [`${row.name}: ${row.product.errors + row.baseline.errors} unexpected responses`] : []),
    ...(row.rpsRatio < MIN_RPS_RATIO ? [`${row.name}: ${row.rpsRatio.toFixed(2)}× the baseline's requests/s (target ≥ ${MIN_RPS_RATIO})`] : []),
    ...(row.p99Ratio > MAX_P99_RATIO ? [`${row.name}: p99 ${row.p99Ratio.toFixed(2)}× the baseline's (target ≤ ${MAX_P99_RATIO})`] : []),
  ]);
}
