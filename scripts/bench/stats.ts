import { percentile as nearestRank } from "../../worker/src/call/call-metrics";

/** The p-th percentile (0–100, nearest rank) of the values, the product's own rule; NaN when there are none. */
export const percentile = (values: number[], p: number): number => nearestRank(values, p / 100) ?? Number.NaN;
