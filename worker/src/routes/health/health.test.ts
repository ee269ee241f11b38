import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("GET /api/health", () => {
  it("answers ok with a database round trip", async () => {
    const res = await SELF.fetch("https://nikki.test/api/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; database: { ok: boolean; latency_ms: number } };
    expect(body.ok).toBe(true);
    expect(body.database.ok).toBe(true);
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
  });
});
