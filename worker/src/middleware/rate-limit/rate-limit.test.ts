import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app-env";
import { onError } from "../errors";
import { limiterShard } from "./shard";
import { HOUR_MS, type RateRule, rateLimit } from ".";

/** A bare app with one limited route, so the middleware is seen alone: no other middleware counts anything. */
function limitedApp(rules: RateRule[], refused: string[] = []) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("log", { debug() {}, info() {}, warn() {}, error() {} } as unknown as AppEnv["Variables"]["log"]);
    await next();
  });
  app.post(
    "/limited",
    rateLimit(rules, async (c) => {
      refused.push(c.req.header("x-who") ?? "");
    }),
    (c) => c.json({ ok: true }),
  );
  app.onError(onError);
  return (who: string) => app.request("/limited", { method: "POST", headers: { "x-who": who } }, env);
}

const unique = () => crypto.randomUUID();

describe("rateLimit()", () => {
  it("allows the limit, then answers 429 with Retry-After and the rule's own code and message", async () => {
    const scope = unique();
    const send = limitedApp([{ key: () => `t:${scope}`, limit: 2, windowMs: HOUR_MS, code: "rate_limit_phone", message: "Slow down, please." }]);
    expect((await send("a")).status).toBe(200);
    expect((await send("a")).status).toBe(200);
    const refused = await send("a");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ error: { code: "rate_limit_phone", message: "Slow down, please." } });
  });

  it("stops at the first rule past its limit, runs onRefused once, and skips rules whose key is null", async () => {
    const scope = unique();
    const refused: string[] = [];
    const send = limitedApp(
      [
        { key: (c) => `ip:${scope}:${c.req.header("x-who")}`, limit: 1, windowMs: HOUR_MS, code: "rate_limit_ip" },
        { key: () => null, limit: 0, windowMs: HOUR_MS, code: "rate_limited" },
        { key: () => `all:${scope}`, limit: (c) => (c.req.header("x-who") === "vip" ? 10 : 2), windowMs: HOUR_MS, code: "rate_limited" },
      ],
      refused,
    );
    expect((await send("a")).status).toBe(200);
    expect(((await (await send("a")).json()) as { error: { code: string } }).error.code).toBe("rate_limit_ip");
    expect(refused).toEqual(["a"]);
    expect((await send("b")).status).toBe(200);
    expect(((await (await send("c")).json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await send("vip")).status).toBe(200);
  });
});

describe("RateLimiter shards", () => {
  /** Two keys counted by the same object. */
  function keysSharingAnObject(): [string, string] {
    const first = `t:${unique()}`;
    for (;;) {
      const other = `t:${unique()}`;
      if (limiterShard(other) === limiterShard(first)) return [first, other];
    }
  }

  it("count each key on its own though one object counts both", async () => {
    const [first, other] = keysSharingAnObject();
    const shard = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterShard(first)));
    expect((await shard.hit(first, 1, HOUR_MS)).allowed).toBe(true);
    expect((await shard.hit(first, 1, HOUR_MS)).allowed).toBe(false);
    expect(await shard.hit(other, 1, HOUR_MS)).toMatchObject({ allowed: true, count: 1 });
  });

  it("forget windows that are over when their alarm runs, and keep the others", async () => {
    const [ended, open] = keysSharingAnObject();
    const shard = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterShard(ended)));
    await shard.hit(ended, 5, 100);
    await shard.hit(open, 5, HOUR_MS);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await runDurableObjectAlarm(shard)).toBe(true);
    const stored = await runInDurableObject(shard, (_, state) => [...state.storage.kv.list({ prefix: "w:" })].map(([name]) => name));
    expect(stored).toContain(`w:${open}`);
    expect(stored).not.toContain(`w:${ended}`);
    expect(await shard.hit(open, 5, HOUR_MS)).toMatchObject({ count: 2 });
  });
});
