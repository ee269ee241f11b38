import { DurableObject } from "cloudflare:workers";

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  limit: number;
  /** When the current window ends (epoch ms). */
  resetAt: number;
}

/**
 * One object per limited key (e.g. `signin:ip:1.2.3.4`): a fixed-window counter. Requests to one object
 * are serialised by the runtime, so the read-increment-write below is atomic.
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

  /** The window is over: forget it, so idle keys hold no storage. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
