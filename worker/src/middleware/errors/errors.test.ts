import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createD1Database } from "../../db/client";
import { liveServices, servicesOn } from "../../services";

describe("onError", () => {
  it("answers an unexpected failure with 500 internal_error and no stack or message leaked", async () => {
    const app = createApp(liveServices);
    app.get("/api/explode", () => {
      throw new Error("secret database password in a stack trace");
    });
    const res = await app.request("/api/explode", {}, env);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again." },
    });
    expect(text).not.toContain("secret");
    expect(text).not.toContain("at ");
  });

  it("answers 503 database_unavailable when the database cannot be reached", async () => {
    const broken = new Proxy(createD1Database(env.DB), {
      get: (target, key) => (key === "run" ? () => Promise.reject(new Error("D1_ERROR: network connection lost")) : Reflect.get(target, key)),
    });
    const app = createApp((_bindings, config) => servicesOn(config, broken));
    const res = await app.request("/api/health", {}, env);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");
  });

  it("answers a stream the media plane cannot take with 503 voice_bridge_unavailable, not a 500", async () => {
    const app = createApp(liveServices);
    const unreachable = { fetch: () => Promise.reject(new Error("Network connection lost.")) };
    const res = await app.request("/twilio/stream/CA0123456789abcdef0123456789abcdef", { headers: { upgrade: "websocket" } }, { ...env, MEDIA: unreachable });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: "voice_bridge_unavailable", message: "The voice bridge is not reachable right now." } });
  });
});
