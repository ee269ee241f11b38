import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { type Config, isLocalDeployment } from "../../env";
import { ApiError } from "../../http/api-error";
import { keyringOf } from "../../services/secrets";
import { access } from "../../middleware/access";
import { testCallLimit } from "../test-calls/index";
import { diagnostics, diagnosticsLimit } from "./diagnostics";
import { opsTestCall } from "./ops-test-call";
import { runProbe } from "./probe";
import { voiceHealth } from "./voice";

/** What a deployed (not local) server should not rely on. */
async function deploymentWarnings(config: Config): Promise<string[]> {
  if (isLocalDeployment(config)) return [];
  const ring = await keyringOf(config);
  return [
    ring?.derived &&
      "ENCRYPTION_KEY is not set: integration credentials are sealed with a key derived from AUTH_SECRET. Set ENCRYPTION_KEY (openssl rand -base64 32).",
    !config.MAIL_API_KEY &&
      "MAIL_API_KEY is not set: password resets and invitations are not e-mailed. Invitation links must be copied from the invite dialog.",
  ].filter((warning): warning is string => Boolean(warning));
}

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
    return c.json({ ok: true, database: { ok: true, latency_ms: latencyMs }, warnings: await deploymentWarnings(c.var.config) });
  })
  .get("/health/voice", voiceHealth)
  .get("/health/diagnostics", diagnosticsLimit, diagnostics)
  .post("/health/probe", access("admin"), runProbe)
  .post("/health/test-call", access("admin"), testCallLimit, opsTestCall)
  .get("/ping", (c) => c.json({ ok: true }));
