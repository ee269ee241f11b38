import { type ErrorCode, HOURLY_LIMITS, tryAgainIn } from "@nikki/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { limiterShard } from "./shard";

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

type Ctx = Context<AppEnv>;

/** One limit a route applies: a counted key in fixed windows, and the error code it answers past the limit. */
export interface RateRule {
  /** The counted key, or null when the rule does not apply to this request. */
  key(c: Ctx): string | null | Promise<string | null>;
  limit: number | ((c: Ctx) => number);
  windowMs: number;
  code: Extract<ErrorCode, "rate_limit_ip" | "rate_limit_phone" | "rate_limited">;
  /** The message, when the route words it differently from the code's own. */
  message?: string;
  /** The message is followed by when to try again (core's tryAgainIn()). */
  sayWhen?: boolean;
}

/** One of core's hourly limits on what costs money or sends mail, counted under `key`, with the message naming it. */
export function hourly(name: keyof typeof HOURLY_LIMITS, key: RateRule["key"]): RateRule {
  return { key, limit: HOURLY_LIMITS[name].perHour, windowMs: HOUR_MS, code: "rate_limited", message: HOURLY_LIMITS[name].message, sayWhen: true };
}

const limiterOf = (c: Ctx, key: string) => c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(limiterShard(key)));
const limitOf = (c: Ctx, rule: RateRule) => (typeof rule.limit === "function" ? rule.limit(c) : rule.limit);

function refuse(c: Ctx, rule: RateRule, resetAt: number): never {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  c.header("retry-after", String(seconds));
  const message = rule.message && rule.sayWhen ? `${rule.message} ${tryAgainIn(seconds)}` : rule.message;
  throw new ApiError(rule.code, message ? { message } : {});
}

/** Counts one hit of `key` against an hourly limit, answering whether it was still within it. */
export async function countHourly(c: Ctx, name: keyof typeof HOURLY_LIMITS, key: string) {
  return limiterOf(c, key).hit(key, HOURLY_LIMITS[name].perHour, HOUR_MS);
}

/** Counts one hit of `key` against an hourly limit; past it, the 429 with Retry-After (for work counted inside a route). */
export async function enforceHourly(c: Ctx, name: keyof typeof HOURLY_LIMITS, key: string): Promise<void> {
  const decision = await countHourly(c, name, key);
  if (!decision.allowed)
    refuse(
      c,
      hourly(name, () => key),
      decision.resetAt,
    );
}

/** The 429 when `key` has used its hourly limit, without counting this request (what counts comes after: a wrong code). */
export async function refuseWhenHourlySpent(c: Ctx, name: keyof typeof HOURLY_LIMITS, key: string): Promise<void> {
  const rule = hourly(name, () => key);
  const { count, resetAt } = await limiterOf(c, key).peek(key, rule.windowMs);
  if (count >= limitOf(c, rule)) refuse(c, rule, resetAt);
}

/**
 * Counts one attempt against `rule` as it begins, so attempts made in parallel cannot overrun the limit, and answers
 * how to give it back when it turns out not to count (a sign-in that succeeded). Past the limit: `onRefused`, then the 429.
 */
export async function countAttempt(c: Ctx, rule: RateRule, onRefused?: (c: Ctx) => Promise<void>): Promise<{ giveBack(): Promise<void> }> {
  const key = await rule.key(c);
  if (key === null) return { giveBack: async () => {} };
  const countedAt = Date.now();
  const decision = await limiterOf(c, key).hit(key, limitOf(c, rule), rule.windowMs);
  if (!decision.allowed) {
    await onRefused?.(c);
    refuse(c, rule, decision.resetAt);
  }
  return { giveBack: () => limiterOf(c, key).unhit([{ key, windowMs: rule.windowMs }], countedAt) };
}

/**
 * Counts the request against each rule in order (`RateLimiter` Durable Objects, a key in one of them); the first rule past its
 * limit answers 429 with `Retry-After` (seconds to the end of its window) and its error code. `onRefused` runs
 * first, for routes that record refusals (sign-in audits them).
 */
export function rateLimit(rules: RateRule[], onRefused?: (c: Ctx) => Promise<void>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const rule of rules) {
      const key = await rule.key(c);
      if (key === null) continue;
      const decision = await limiterOf(c, key).hit(key, limitOf(c, rule), rule.windowMs);
      if (decision.allowed) continue;
      await onRefused?.(c);
      refuse(c, rule, decision.resetAt);
    }
    await next();
  };
}
