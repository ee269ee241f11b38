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
 * A counted window: fixed ones of `windowMs` from the epoch (an hour, a UTC day), or the one starting at `startsAt`
 * and lasting `windowMs` (a business's own day, 23 to 25 hours where clocks change).
 */
export interface WindowRule {
  key: string;
  windowMs: number;
  startsAt?: number;
}

interface Window {
  windowStart: number;
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters, many keys to an object (`limiterShard` in middleware/rate-limit), and (one object per e-mail and address) a count of
 * failed sign-ins with a growing wait. Requests to one object are serialised by the runtime and `hit` never awaits,
 * so each read-increment-write is atomic.
 */
export class RateLimiter extends DurableObject {
  /** The keys' current windows, kept in memory while the object is awake; storage is read only for a key not counted since it woke. */
  private readonly windows = new Map<string, Window>();
  /** The alarm this object set, while it is awake: the earliest end of a window it counts. */
  private alarmAt: number | undefined;

  hit(key: string, limit: number, windowMs: number): RateLimitDecision {
    const window = this.current(key, windowMs, Date.now());
    const count = window.count + 1;
    if (count <= limit) this.keep(key, { ...window, count });
    return { allowed: count <= limit, count: Math.min(count, limit + 1), limit, resetAt: window.resetAt };
  }

  /**
   * Counts one hit of every key together, or of none when any is at its limit (a text counts against its
   * organization's hour and its day at once): answers the first key refused, with when its window ends.
   */
  hitEach(limits: (WindowRule & { limit: number })[]): { allowed: true } | { allowed: false; key: string; limit: number; resetAt: number } {
    const now = Date.now();
    const windows = limits.map((rule) => ({ rule, window: this.current(rule.key, rule.windowMs, now, rule.startsAt) }));
    const full = windows.find(({ rule, window }) => window.count >= rule.limit);
    if (full) return { allowed: false, key: full.rule.key, limit: full.rule.limit, resetAt: full.window.resetAt };
    for (const { rule, window } of windows) this.keep(rule.key, { ...window, count: window.count + 1 });
    return { allowed: true };
  }

  /** Takes back one hit of each key counted at `countedAt`, while its window lasts (counted work that then did not happen). */
  unhit(keys: WindowRule[], countedAt: number): void {
    const now = Date.now();
    for (const { key, windowMs, startsAt } of keys) {
      const window = this.current(key, windowMs, now, startsAt);
      if (window.windowStart === (startsAt ?? countedAt - (countedAt % windowMs)) && window.count > 0) this.keep(key, { ...window, count: window.count - 1 });
    }
  }

  /** The key's window holding `now` (or the one starting at `startsAt`): its count so far (0 in a new window). */
  private current(key: string, windowMs: number, now: number, startsAt?: number): Window {
    const windowStart = startsAt ?? now - (now % windowMs);
    const stored = this.windows.get(key) ?? this.ctx.storage.kv.get<Window>(`w:${key}`);
    return stored && stored.windowStart === windowStart ? stored : { windowStart, count: 0, resetAt: windowStart + windowMs };
  }

  private keep(key: string, window: Window): void {
    this.windows.set(key, window);
    // The answer does not wait for the write to be confirmed: the object is single-threaded, so the count in
    // memory is exact; only a crash in that instant could forget one hit.
    void this.ctx.storage.put(`w:${key}`, window, { allowUnconfirmed: true });
    if (this.alarmAt === undefined || window.resetAt < this.alarmAt) {
      this.alarmAt = window.resetAt;
      void this.ctx.storage.setAlarm(window.resetAt, { allowUnconfirmed: true });
    }
  }

  /** The key's count in its current window, without counting this look (a limit checked before the work it counts). */
  peek(key: string, windowMs: number, startsAt?: number): RateLimitDecision {
    const { count, resetAt } = this.current(key, windowMs, Date.now(), startsAt);
    return { allowed: true, count, limit: Number.POSITIVE_INFINITY, resetAt };
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
    this.windows.clear();
    this.alarmAt = undefined;
    await this.ctx.storage.deleteAll();
  }

  /** Windows that are over are forgotten, so idle keys hold no storage; a sign-in failures object forgets all after its hour. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.alarmAt = undefined;
    const windows = [...this.ctx.storage.kv.list<Window>({ prefix: "w:" })];
    if (windows.length === 0) return this.ctx.storage.deleteAll();
    let next: number | undefined;
    for (const [name, window] of windows) {
      if (window.resetAt > now) next = Math.min(next ?? window.resetAt, window.resetAt);
      else {
        this.ctx.storage.kv.delete(name);
        this.windows.delete(name.slice(2));
      }
    }
    if (next !== undefined) {
      this.alarmAt = next;
      await this.ctx.storage.setAlarm(next);
    }
  }
}
