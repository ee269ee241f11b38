import { LIMITS, PERSONA_NAME, chatRequestSchema, conversationFor, parseFields } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { clientIp } from "../../audit";
import { agents } from "../../db/schema";
import { DAY_MS, hitRateLimit } from "../../durable/rate-limit";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { widgetCors } from "../../middleware/widget-cors";
import { OpenAiError, chatText } from "../../services/openai/chat";

export const CHAT_MODEL = "gpt-4o-mini";

/**
 * `POST /api/chat?key=`: the chat widget. The server owns the instructions (the organization's agent persona
 * and knowledge); the visitor's turns are trimmed to 2,000 characters and the last 20; daily budgets per IP
 * and per organization bound what it costs. Failures answer the codes the widget words per spec 000 §8.
 */
export const chatRoutes = new Hono<AppEnv>().use("/", widgetCors()).post("/", async (c) => {
  const owner = c.var.widgetOwner!;
  const parsed = parseFields(chatRequestSchema, await readJsonBody(c));
  if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
  const turns = conversationFor(parsed.data.messages);
  if (!turns) throw new ApiError("validation_failed", { fields: { messages: "The last message must be the visitor's." } });

  const { OPENAI_API_KEY, OPENAI_BASE_URL } = c.var.config;
  if (!OPENAI_API_KEY) {
    c.var.log.error("chat_unavailable", { missing: "OPENAI_API_KEY" });
    throw new ApiError("chat_unavailable");
  }
  const byIp = await hitRateLimit(c.env.RATE_LIMITER, `chat:ip:${owner.organizationId}:${clientIp(c) ?? "unknown"}`, LIMITS.chatPerIpDay, DAY_MS);
  const byOrganization = await hitRateLimit(c.env.RATE_LIMITER, `chat:org:${owner.organizationId}`, LIMITS.chatPerOrganizationDay, DAY_MS);
  if (!byIp.allowed || !byOrganization.allowed) throw new ApiError("rate_limited", { message: "Please wait a moment before sending another message." });

  const [agent] = await c.var.db
    .select()
    .from(agents)
    .where(and(eq(agents.organizationId, owner.organizationId), eq(agents.status, "active")))
    .orderBy(asc(agents.createdAt))
    .limit(1);
  const system = [
    `You are ${agent?.name ?? PERSONA_NAME}, the website chat assistant of ${owner.organizationName}: friendly and concise. You answer questions, offer to schedule a callback and collect the visitor's contact details when they want a follow-up.`,
    agent?.personaPrompt,
    agent?.knowledgeBase && `What you know about the business:\n${agent.knowledgeBase}`,
    "Answer in the visitor's language. Never invent prices or facts you were not given; offer a callback instead.",
  ]
    .filter(Boolean)
    .join("\n\n");

  try {
    const reply = await chatText({
      apiKey: OPENAI_API_KEY,
      baseUrl: OPENAI_BASE_URL,
      model: CHAT_MODEL,
      maxTokens: LIMITS.chatOutputTokens,
      messages: [{ role: "system", content: system }, ...turns],
    });
    return c.json({ reply });
  } catch (error) {
    const status = error instanceof OpenAiError ? error.status : 0;
    const code = error instanceof OpenAiError ? error.code : null;
    c.var.log.warn("chat_failed", { status, code, error: error instanceof Error ? error.message : String(error) });
    if (code === "insufficient_quota" || status === 402) throw new ApiError("provider_billing");
    if (status === 429) throw new ApiError("provider_rate_limited");
    throw new ApiError("provider_failed");
  }
});
