import type { ErrorCode } from "@nikki/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";
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
      const limit = typeof rule.limit === "function" ? rule.limit(c) : rule.limit;
      const decision = await c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(limiterShard(key))).hit(key, limit, rule.windowMs);
      if (decision.allowed) continue;
      await onRefused?.(c);
      c.header("retry-after", String(Math.max(1, Math.ceil((decision.resetAt - Date.now()) / 1000))));
      throw new ApiError(rule.code, rule.message ? { message: rule.message } : {});
    }
    await next();
  };
}
