import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { voiceHealth } from "./voice";

/** `GET /api/health`: liveness plus a database round trip; `/health/voice`: can calls be answered; `GET /api/ping`: liveness alone. */
export const healthRoutes = new Hono<AppEnv>()
  .get("/health", async (c) => {
    const started = performance.now();
    try {
      await c.var.db.run(sql`select 1`);
    } catch (error) {
      c.var.log.error("health_database_failed", { error: error instanceof Error ? error.message : String(error) });
      throw new ApiError("database_unavailable");
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return c.json({ ok: true, database: { ok: true, latency_ms: latencyMs } });
  })
  .get("/health/voice", voiceHealth)
  .get("/ping", (c) => c.json({ ok: true }));
