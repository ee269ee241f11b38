import type { RateLimitDecision, RateLimiter } from "./rate-limiter";

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Counts one attempt against `key` in fixed windows of `windowMs`, allowing `limit` per window. */
export function hitRateLimit(
  namespace: DurableObjectNamespace<RateLimiter>,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitDecision> {
  return namespace.get(namespace.idFromName(key)).hit(limit, windowMs);
}
