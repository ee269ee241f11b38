import { DurableObject } from "cloudflare:workers";

const HOUR = 60 * 60 * 1000;

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  limit: number;
  /** When the current window ends (epoch ms). */
  resetAt: number;
}

/**
 * One object per limited key (e.g. `signin:ip:1.2.3.4`): a fixed-window counter, or (for one e-mail from one
 * address) a count of failed sign-ins with a growing wait. Requests to one object are serialised by the runtime, so
 * each read-increment-write below is atomic.
 */
export class RateLimiter extends DurableObject {
  async hit(limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = Date.now();
    const windowStart = now - (now % windowMs);
    const stored = await this.ctx.storage.get<{ windowStart: number; count: number }>("window");
    const count = stored && stored.windowStart === windowStart ? stored.count + 1 : 1;
    const resetAt = windowStart + windowMs;
    if (count <= limit) {
      await this.ctx.storage.put("window", { windowStart, count });
      await this.ctx.storage.setAlarm(resetAt);
    }
    return { allowed: count <= limit, count: Math.min(count, limit + 1), limit, resetAt };
  }

  /**
   * Failed sign-ins for one e-mail from one address: the first `free` cost nothing, then each waits twice as long as
   * the last (from `baseMs`, at most `maxMs`). A success clears them; an hour without failures forgets them.
   */
  async failure(free: number, baseMs: number, maxMs: number): Promise<{ failures: number; waitUntil: number }> {
    const now = Date.now();
    const stored = (await this.ctx.storage.get<{ failures: number; waitUntil: number }>("failures")) ?? { failures: 0, waitUntil: 0 };
    const failures = stored.failures + 1;
    const waitUntil = failures > free ? now + Math.min(maxMs, baseMs * 2 ** (failures - free - 1)) : 0;
    await this.ctx.storage.put("failures", { failures, waitUntil });
    await this.ctx.storage.setAlarm(now + HOUR);
    return { failures, waitUntil };
  }

  /** The failures so far, and until when the next attempt must wait (0: it may go ahead). */
  async failures(): Promise<{ failures: number; waitUntil: number }> {
    const stored = await this.ctx.storage.get<{ failures: number; waitUntil: number }>("failures");
    return { failures: stored?.failures ?? 0, waitUntil: stored && stored.waitUntil > Date.now() ? stored.waitUntil : 0 };
  }

  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  /** The window is over: forget it, so idle keys hold no storage. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
