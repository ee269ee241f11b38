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
  /** The current window, kept in memory while the object is awake; storage is read only when it wakes. */
  private window: { windowStart: number; count: number } | undefined;

  hit(limit: number, windowMs: number): RateLimitDecision {
    const now = Date.now();
    const windowStart = now - (now % windowMs);
    this.window ??= this.ctx.storage.kv.get<{ windowStart: number; count: number }>("window");
    const count = this.window && this.window.windowStart === windowStart ? this.window.count + 1 : 1;
    const resetAt = windowStart + windowMs;
    if (count <= limit) {
      this.window = { windowStart, count };
      // The answer does not wait for the write to be confirmed: the object is single-threaded, so the count in
      // memory is exact; only a crash in that instant could forget one hit.
      void this.ctx.storage.put("window", this.window, { allowUnconfirmed: true });
      // The window's first hit sets its alarm; the later ones find it set.
      if (count === 1) void this.ctx.storage.setAlarm(resetAt, { allowUnconfirmed: true });
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
    this.window = undefined;
    await this.ctx.storage.deleteAll();
  }

  /** The window is over: forget it, so idle keys hold no storage. */
  override async alarm(): Promise<void> {
    this.window = undefined;
    await this.ctx.storage.deleteAll();
  }
}
