/** Checklist items of issue 18 not built yet: each prints a FAIL line saying what is missing, never a pass. */
import type { ReliabilityItem } from "./context";

const MISSING: [number: string, name: string, missing: string][] = [
  ["15", "soak", "not built yet: 50 streaming calls plus 100 webhooks/s for 60 s against a bare Hono route"],
  ["15b", "api_cost", "not built yet: npm run bench against a like-for-like baseline doing the same database work"],
];

export const notBuilt: ReliabilityItem[] = MISSING.map(([number, name, missing]) => ({
  number,
  name,
  server: false,
  run: async () => ({ figures: "", failures: [missing] }),
}));
