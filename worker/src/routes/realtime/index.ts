import { AGENT_DEFAULTS, PERSONA_NAME, PRODUCT_NAME } from "@nikki/core";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { loadCaller } from "../../middleware/access/request-auth";
import { organizations } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { access, signedInCaller } from "../../middleware/access";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { primaryAgent } from "../../org/agents";
import { agentInstructions } from "../../agent/instructions";
import { agentKnowledge } from "../../knowledge/reader";
import { callerOpenAi, relayRealtimeOffer } from "./calls";

/** A browser demo key lives 10 minutes; each signed-in person may mint 20 an hour (each one costs money). */
const TOKEN_TTL_SECONDS = 600;
const TOKENS_PER_USER_HOUR = 20;

/**
 * `GET /api/realtime/token`: an ephemeral OpenAI Realtime key for the browser voice demo, bound to the caller's
 * organization's agent (instructions and voice); 401 without a session. Its `calls_url` is this origin's SDP relay
 * (`POST /api/realtime/calls`, ./calls.ts). `?probe=1` is the voice demo's System
 * Health check, open to anyone: the status only (`{configured, signed_in}`), no key minted.
 */
export const realtimeRoutes = new Hono<AppEnv>()
  .get(
    "/token",
    async (c, next) => {
      if (c.req.query("probe") === undefined) return next();
      const caller = await loadCaller(c).catch(() => null);
      return c.json({ configured: Boolean(c.var.services.openai), signed_in: caller !== null }, 200, { "cache-control": "no-store" });
    },
    access("signed-in"),
    rateLimit([{ key: (c) => `realtime:user:${signedInCaller(c).userId}`, limit: TOKENS_PER_USER_HOUR, windowMs: HOUR_MS, code: "rate_limited" }]),
    async (c) => {
      const caller = signedInCaller(c);
      const model = c.var.config.OPENAI_REALTIME_MODEL;
      const openai = await callerOpenAi(c);
      if (!openai) {
        c.var.log.error("realtime_token_unconfigured", { missing: "OPENAI_API_KEY" });
        throw new ApiError("backend_down");
      }

      const agent = caller.organizationId ? await primaryAgent(c.var.db, caller.organizationId) : null;
      const [organization] = agent
        ? await c.var.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, agent.organizationId))
        : [];
      const instructions =
        agent && organization
          ? agentInstructions({
              agent,
              organizationName: organization.name,
              channel: "browser_demo",
              knowledge: await agentKnowledge(c.var.db, agent.organizationId, agent.id),
              now: new Date(),
            })
          : `You are ${PERSONA_NAME}, the AI receptionist of ${PRODUCT_NAME}, talking to a visitor in their web browser. Be warm and brief. Show how you would answer a small business's calls: qualify the caller, offer appointments, answer in English or Spanish as the visitor speaks.`;

      try {
        const secret = await openai.realtimeClientSecret({ model, instructions, voice: agent?.voice ?? AGENT_DEFAULTS.voice, ttlSeconds: TOKEN_TTL_SECONDS });
        c.var.log.info("realtime_token_minted", { user_id: caller.userId, organization_id: caller.organizationId });
        const callsUrl = new URL("/api/realtime/calls", c.req.url).href;
        return c.json({ client_secret: secret, model, calls_url: callsUrl }, 200, {
          "cache-control": "no-store",
        });
      } catch (error) {
        c.var.log.warn("realtime_token_failed", { error: error instanceof Error ? error.message : String(error) });
        throw new ApiError("backend_down");
      }
    },
  )
  .post(
    "/calls",
    access("signed-in"),
    rateLimit([{ key: (c) => `realtime-calls:user:${signedInCaller(c).userId}`, limit: TOKENS_PER_USER_HOUR, windowMs: HOUR_MS, code: "rate_limited" }]),
    relayRealtimeOffer,
  );
