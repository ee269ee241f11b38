/**
 * Each organization's texts counted an hour and a day (UTC) in the RateLimiter Durable Object: both windows live in
 * one object, so a text is counted against both at once or refused by the first that is full, atomically.
 */
import { limiterShard } from "../middleware/rate-limit/shard";
import type { Services } from "../services";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const windowsOf = (organizationId: string) => ({
  hour: { key: `texts:hour:${organizationId}`, windowMs: HOUR_MS },
  day: { key: `texts:day:${organizationId}`, windowMs: DAY_MS },
});

function limiterOf(services: Services, organizationId: string) {
  const limiters = services.rateLimiters;
  return limiters ? limiters.get(limiters.idFromName(limiterShard(`texts:${organizationId}`))) : null;
}

export type TextCount =
  /** Counted: `release` takes it back when the text is then not sent (past the spend cap, refused by the provider). */
  { counted: true; release(): Promise<void> } | { counted: false; window: "hour" | "day"; limit: number; secondsLeft: number };

/** Counts one text against the organization's limits, unless one of them is reached. */
export async function countText(services: Services, organizationId: string, limits: { perHour: number; perDay: number }): Promise<TextCount> {
  const limiter = limiterOf(services, organizationId);
  const { hour, day } = windowsOf(organizationId);
  if (!limiter) return { counted: true, release: async () => undefined };
  const countedAt = Date.now();
  const decision = await limiter.hitEach([
    { ...hour, limit: limits.perHour },
    { ...day, limit: limits.perDay },
  ]);
  if (decision.allowed) return { counted: true, release: () => limiter.unhit([hour, day], countedAt) };
  return {
    counted: false,
    window: decision.key === hour.key ? "hour" : "day",
    limit: decision.limit,
    secondsLeft: Math.max(1, Math.ceil((decision.resetAt - Date.now()) / 1000)),
  };
}

/** The texts the organization sent this hour and today (UTC), as its limits count them. */
export async function textsCounted(services: Services, organizationId: string): Promise<{ hour: number; day: number }> {
  const limiter = limiterOf(services, organizationId);
  if (!limiter) return { hour: 0, day: 0 };
  const { hour, day } = windowsOf(organizationId);
  const [thisHour, today] = await Promise.all([limiter.peek(hour.key, hour.windowMs), limiter.peek(day.key, day.windowMs)]);
  return { hour: thisHour.count, day: today.count };
}
