import { PERSONA_NAME } from "@nikki/core";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { conversationMessages } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { type ChatMessage, chatText } from "../../services/openai/chat";
import { callContextFor } from "../../voice/call-context";
import { isOptedOut, keywordOf, setOptOut } from "../../voice/sms-consent";
import { message, twiml } from "../../voice/twiml";
import { xml } from "./answer";

export const SMS_MODEL = "gpt-4o-mini";
const THREAD_TURNS = 20;
const FALLBACK = "Thanks for your message! Our team will get back to you soon.";

/**
 * `POST /twilio/messaging/inbound`: a text to a business's number gets a reply in its agent's persona, the
 * thread kept per phone number. STOP, START and HELP are honoured before anything else.
 */
export async function answerText(c: Context<AppEnv>) {
  const params = c.var.twilioParams!;
  const from = params.From ?? "";
  const body = (params.Body ?? "").trim();
  const context = await callContextFor(c.var.db, params.To ?? "");
  if (!context || !from) return xml(c, twiml());
  const db = c.var.db;
  const organizationId = context.organizationId;

  switch (keywordOf(body)) {
    case "stop":
      await setOptOut(db, organizationId, from, true);
      c.var.log.info("sms_opt_out", { organization_id: organizationId });
      return xml(c, twiml(message(`You're unsubscribed from ${context.organizationName} texts. Reply START to resubscribe.`)));
    case "start":
      await setOptOut(db, organizationId, from, false);
      return xml(c, twiml(message(`You're resubscribed to ${context.organizationName} texts. Reply STOP to unsubscribe.`)));
    case "help":
      return xml(
        c,
        twiml(message(`${context.organizationName}: text us your question and ${context.agent?.name ?? PERSONA_NAME} will answer, or call ${params.To}. Reply STOP to unsubscribe.`)),
      );
  }
  if (!body || (await isOptedOut(db, organizationId, from))) return xml(c, twiml());

  await db.insert(conversationMessages).values({ organizationId, channel: "sms", threadKey: from, role: "user", content: body.slice(0, 1600) });
  const history = await db
    .select({ role: conversationMessages.role, content: conversationMessages.content })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.organizationId, organizationId), eq(conversationMessages.channel, "sms"), eq(conversationMessages.threadKey, from)))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(THREAD_TURNS);

  let reply = FALLBACK;
  const { OPENAI_API_KEY, OPENAI_BASE_URL } = c.var.config;
  if (OPENAI_API_KEY && context.agent) {
    const agent = context.agent;
    const system: ChatMessage = {
      role: "system",
      content: [
        `You are ${agent.name}, answering text messages for ${context.organizationName}. Reply in the language of the last message, in at most 320 characters, plain text.`,
        agent.personaPrompt,
        agent.knowledgeBase && `What you know about the business:\n${agent.knowledgeBase}`,
        "If you cannot help, say someone from the team will follow up.",
      ]
        .filter(Boolean)
        .join("\n\n"),
    };
    try {
      reply = (
        await chatText({
          apiKey: OPENAI_API_KEY,
          baseUrl: OPENAI_BASE_URL,
          model: SMS_MODEL,
          maxTokens: 200,
          messages: [system, ...history.reverse().map((turn) => ({ role: turn.role, content: turn.content }))],
        })
      ).slice(0, 480);
    } catch (error) {
      c.var.log.warn("sms_reply_failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
  await db.insert(conversationMessages).values({ organizationId, channel: "sms", threadKey: from, role: "assistant", content: reply });
  return xml(c, twiml(message(reply)));
}
