import { chargeSpend, limitsOf, refusalNow } from "../../billing/spend";
import {
  LIMITS,
  SPEND_MESSAGES,
  SPEND_PRICES_MICRO_USD,
  chatRequestSchema,
  conversationFor,
  greetingOf,
  parseFields,
  redactCallerDetails,
  takeOfferMark,
} from "@nikki/core";
import { Hono } from "hono";
import { clientIp } from "../../audit";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { DAY_MS, rateLimit } from "../../middleware/rate-limit";
import { widgetCors } from "../../middleware/widget-cors";
import { isOwnAssistantTurn, signAssistantTurn } from "./turn-signature";
import { OpenAiError } from "../../services/openai/client";
import { chatAgent } from "../../org/agents";
import { agentInstructions } from "../../agent/instructions";
import { guardInstructions } from "../../agent/instruction-guard";
import { recordChatQuestions } from "../../knowledge/chat-questions";
import { knowledgeText } from "../../knowledge/in-instructions";
import { textKnowledge } from "../../knowledge/text-knowledge";

const TOO_MANY = "Please wait a moment before sending another message.";

/**
 * `POST /api/chat?key=`: the chat widget. The server owns the instructions (the organization's agent persona
 * and knowledge); the visitor's turns are trimmed to 2,000 characters and the last 20; daily budgets per IP
 * and per organization bound what it costs. `offer_contact`: the reply could not answer, so the widget offers the
 * visitor to leave their number. Failures answer the codes the widget words per spec 000 §8.
 */
export const chatRoutes = new Hono<AppEnv>().use("/", widgetCors()).post(
  "/",
  rateLimit([
    {
      key: (c) => `chat:ip:${c.var.widgetOwner!.organizationId}:${clientIp(c) ?? "unknown"}`,
      limit: LIMITS.chatPerIpDay,
      windowMs: DAY_MS,
      code: "rate_limited",
      message: TOO_MANY,
    },
    {
      key: (c) => `chat:org:${c.var.widgetOwner!.organizationId}`,
      limit: LIMITS.chatPerOrganizationDay,
      windowMs: DAY_MS,
      code: "rate_limited",
      message: TOO_MANY,
    },
  ]),
  async (c) => {
    const owner = c.var.widgetOwner!;
    const parsed = parseFields(chatRequestSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    // Only the assistant's own words (signed by this server, or a greeting) are kept as the assistant's.
    const agent = await chatAgent(c.var.db, owner.organizationId);
    const organization = {
      id: owner.organizationId,
      name: owner.organizationName,
      agentGreeting: agent && greetingOf(agent, owner.organizationName),
    };
    const trusted = await Promise.all(
      parsed.data.messages.map(async (turn) => turn.role !== "assistant" || (await isOwnAssistantTurn(c.var.config, organization, turn))),
    );
    const dropped = trusted.filter((ok) => !ok).length;
    if (dropped) c.var.log.warn("chat_assistant_turns_dropped", { count: dropped });
    const turns = conversationFor(parsed.data.messages.filter((_, index) => trusted[index]));
    if (!turns) throw new ApiError("validation_failed", { fields: { messages: "The last message must be the visitor's." } });

    const limits = await limitsOf(c.var.services, owner.organizationId);
    const refusal = await refusalNow(c.var.services, owner.organizationId, limits);
    if (refusal) throw new ApiError(refusal, refusal === "spend_cap" ? { message: SPEND_MESSAGES.chatCapped } : {});
    const { openai } = await c.var.services.providersFor(owner.organizationId);
    if (!openai) {
      c.var.log.error("chat_unavailable", { missing: "OPENAI_API_KEY" });
      throw new ApiError("chat_unavailable");
    }
    const asked = turns.filter((turn) => turn.role === "user").map((turn) => turn.content);
    const knowledge = await textKnowledge(c.var.db, { organizationId: owner.organizationId, agentId: agent?.id ?? null }, asked);
    const guard = await guardInstructions(
      c.var.config.AUTH_SECRET,
      agentInstructions({ agent, organizationName: owner.organizationName, channel: "chat", knowledge, now: new Date() }),
      knowledgeText(knowledge.sections),
    );

    try {
      const answer = await openai.chatText({
        maxTokens: LIMITS.chatOutputTokens,
        messages: [{ role: "system", content: guard.system }, ...turns],
      });
      // A reply that could not answer carries the offer mark: the visitor is offered to leave their number instead.
      const { reply, offer } = takeOfferMark(guard.screen(answer, c.var.log, { channel: "chat", organization_id: owner.organizationId }));
      // Counted after the answer is sent: the visitor never waits on the meter.
      c.executionCtx.waitUntil(
        chargeSpend(c.var.services, c.var.log, owner.organizationId, "", SPEND_PRICES_MICRO_USD.chatReply, limits).catch((error: unknown) =>
          c.var.log.warn("spend_charge_failed", { error: error instanceof Error ? error.message : String(error) }),
        ),
      );
      // A question the reply could not answer goes to the owner's Questions to answer, after the visitor has the reply.
      c.executionCtx.waitUntil(
        recordChatQuestions(c.var.services, c.var.log, {
          organizationId: owner.organizationId,
          agentId: agent?.id ?? null,
          turns,
          reply,
          redact: { question: (text) => redactCallerDetails(text), draft: (text) => text },
          limits,
        }).catch((error: unknown) => c.var.log.warn("chat_questions_failed", { error: error instanceof Error ? error.message : String(error) })),
      );
      return c.json({ reply, signature: await signAssistantTurn(c.var.config, owner.organizationId, reply.trim()), offer_contact: offer });
    } catch (error) {
      const status = error instanceof OpenAiError ? error.status : 0;
      const code = error instanceof OpenAiError ? error.code : null;
      c.var.log.warn("chat_failed", { status, code, error: error instanceof Error ? error.message : String(error) });
      if (code === "insufficient_quota" || status === 402) throw new ApiError("provider_billing");
      if (status === 429) throw new ApiError("provider_rate_limited");
      throw new ApiError("provider_failed");
    }
  },
);
