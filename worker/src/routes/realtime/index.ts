import { AGENT_DEFAULTS, PERSONA_NAME, PRODUCT_NAME } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { agents, organizations } from "../../db/schema";
import { HOUR_MS, hitRateLimit } from "../../durable/rate-limit";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { loadCaller } from "../../auth/context";
import { access, signedInCaller } from "../../middleware/access";
import { createRealtimeClientSecret } from "../../services/openai/client-secret";
import { buildInstructions } from "../../voice/instructions";

/** A browser demo key lives 10 minutes; each signed-in person may mint 20 an hour (each one costs money). */
const TOKEN_TTL_SECONDS = 600;
const TOKENS_PER_USER_HOUR = 20;

/**
 * `GET /api/realtime/token`: an ephemeral OpenAI Realtime key for the browser voice demo, bound to the caller's
 * organization's agent (instructions and voice); 401 without a session. `?probe=1` is the voice demo's System
 * Health check, open to anyone: the status only (`{configured, signed_in}`), no key minted.
 */
export const realtimeRoutes = new Hono<AppEnv>().get(
  "/token",
  async (c, next) => {
    if (c.req.query("probe") === undefined) return next();
    const caller = await loadCaller(c).catch(() => null);
    return c.json({ configured: Boolean(c.var.config.OPENAI_API_KEY), signed_in: caller !== null }, 200, { "cache-control": "no-store" });
  },
  access("signed-in"),
  async (c) => {
    const caller = signedInCaller(c);
    const { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseUrl, OPENAI_REALTIME_MODEL: model } = c.var.config;
    if (!apiKey) {
      c.var.log.error("realtime_token_unconfigured", { missing: "OPENAI_API_KEY" });
      throw new ApiError("backend_down");
    }

    const allowed = await hitRateLimit(c.env.RATE_LIMITER, `realtime:user:${caller.userId}`, TOKENS_PER_USER_HOUR, HOUR_MS);
    if (!allowed.allowed) throw new ApiError("rate_limited");

    const [row] = caller.organizationId
      ? await c.var.db
          .select({ agent: agents, organizationName: organizations.name })
          .from(agents)
          .innerJoin(organizations, eq(organizations.id, agents.organizationId))
          .where(and(eq(agents.organizationId, caller.organizationId), eq(agents.status, "active")))
          .orderBy(asc(agents.createdAt))
          .limit(1)
      : [];
    const instructions = row
      ? `${buildInstructions({ agent: row.agent, organizationName: row.organizationName, afterHours: false, now: new Date() })}\n\nThis is a demo in the visitor's web browser: you cannot book, text or transfer here, so explain what you would do on a real call.`
      : `You are ${PERSONA_NAME}, the AI receptionist of ${PRODUCT_NAME}, talking to a visitor in their web browser. Be warm and brief. Show how you would answer a small business's calls: qualify the caller, offer appointments, answer in English or Spanish as the visitor speaks.`;

    try {
      const secret = await createRealtimeClientSecret({
        apiKey,
        baseUrl,
        model,
        instructions,
        voice: row?.agent.voice ?? AGENT_DEFAULTS.voice,
        ttlSeconds: TOKEN_TTL_SECONDS,
      });
      c.var.log.info("realtime_token_minted", { user_id: caller.userId, organization_id: caller.organizationId });
      return c.json({ client_secret: secret, model, calls_url: `${baseUrl.replace(/\/$/, "")}/realtime/calls` }, 200, {
        "cache-control": "no-store",
      });
    } catch (error) {
      c.var.log.warn("realtime_token_failed", { error: error instanceof Error ? error.message : String(error) });
      throw new ApiError("backend_down");
    }
  },
);
