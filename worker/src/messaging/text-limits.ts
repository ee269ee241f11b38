/**
 * Each organization's texts counted an hour and a day in the RateLimiter Durable Object: the day is the business's own
 * (midnight to midnight in its time zone), the one Settings › Texts shows. Both windows live in one object, so a text
 * is counted against both at once or refused by the first that is full, atomically.
 */
import { addDays, localDate, zonedInstant } from "@nikki/core";
import type { WindowRule } from "../durable/rate-limiter";
import { limiterShard } from "../middleware/rate-limit/shard";
import type { Services } from "../services";

const HOUR_MS = 60 * 60 * 1000;

/** The hour, and the business's day holding `now` in `timeZone`. */
function windowsOf(organizationId: string, timeZone: string, now: number): { hour: WindowRule; day: WindowRule } {
  const date = localDate(timeZone, new Date(now));
  const startsAt = zonedInstant(timeZone, date, 0).getTime();
  const endsAt = zonedInstant(timeZone, addDays(date, 1), 0).getTime();
  return {
    hour: { key: `texts:hour:${organizationId}`, windowMs: HOUR_MS },
    day: { key: `texts:day:${organizationId}`, windowMs: endsAt - startsAt, startsAt },
  };
}

function limiterOf(services: Services, organizationId: string) {
  const limiters = services.rateLimiters;
  return limiters ? limiters.get(limiters.idFromName(limiterShard(`texts:${organizationId}`))) : null;
}

export type TextCount =
  /** Counted: `release` takes it back when the text is then not sent (past the spend cap, refused by the provider). */
  { counted: true; release(): Promise<void> } | { counted: false; window: "hour" | "day"; limit: number; secondsLeft: number };

/** Counts one text against the organization's limits (its day in `timeZone`), unless one of them is reached. */
export async function countText(services: Services, organizationId: string, limits: { perHour: number; perDay: number; timeZone: string }): Promise<TextCount> {
  const limiter = limiterOf(services, organizationId);
  if (!limiter) return { counted: true, release: async () => undefined };
  const countedAt = Date.now();
  const { hour, day } = windowsOf(organizationId, limits.timeZone, countedAt);
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

/** The texts the organization sent this hour and today (its day in `timeZone`), as its limits count them. */
export async function textsCounted(services: Services, organizationId: string, timeZone: string): Promise<{ hour: number; day: number }> {
  const limiter = limiterOf(services, organizationId);
  if (!limiter) return { hour: 0, day: 0 };
  const { hour, day } = windowsOf(organizationId, timeZone, Date.now());
  const [thisHour, today] = await Promise.all([limiter.peek(hour.key, hour.windowMs), limiter.peek(day.key, day.windowMs, day.startsAt)]);
  return { hour: thisHour.count, day: today.count };
}
