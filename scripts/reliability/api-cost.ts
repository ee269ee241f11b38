/**
 * Item 15b: the API's own cost, as `npm run bench` measures it (scripts/bench/api-bench.ts), on a shorter run: each
 * route on the product under `wrangler dev` against the baseline's bare Hono route doing the same database work.
 */
import { compareRoutes, shortfalls } from "../bench/api-bench";
import { type ReliabilityItem, outcome } from "./context";
import { wranglerPair } from "./wrangler-pair";

const slug = (name: string) => name.split(" /api/")[1]!;

export const apiCost: ReliabilityItem = {
  number: "15b",
  name: "api_cost",
  server: false,
  async run() {
    const pair = await wranglerPair();
    const rows = await compareRoutes({ product: pair.product, baseline: pair.baseline }, { seconds: 6, connections: 10, rounds: 3 });
    return outcome(
      Object.fromEntries(
        rows.flatMap((row) => [
          [`${slug(row.name)}_rps`, `${row.product.rps.toFixed(0)}/${row.baseline.rps.toFixed(0)}=${row.rpsRatio.toFixed(2)}`],
          [`${slug(row.name)}_p99_ms`, `${row.product.p99.toFixed(1)}/${row.baseline.p99.toFixed(1)}=${row.p99Ratio.toFixed(2)}`],
        ]),
      ),
      shortfalls(rows),
    );
  },
};
