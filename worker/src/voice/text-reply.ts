import { chargeSpend, refusalNow } from "../billing/spend";
import { PERSONA_NAME, PROBE_MESSAGE_SID, SPEND_PRICES_MICRO_USD } from "@nikki/core";
import { and, desc, eq } from "drizzle-orm";
import { conversationMessages } from "../db/schema";
import type { Logger } from "../logger";
import { isOptedOut, keywordOf, setOptOut } from "../messaging/consent";
import { sendText } from "../messaging/send-text";
import type { Services } from "../services";
import { type SigningAccount, callContextFor } from "./call-context";
import { agentInstructions } from "../agent/instructions";
import { guardInstructions } from "../agent/instruction-guard";
import { knowledgeText } from "../knowledge/in-instructions";
import { textKnowledge } from "../knowledge/text-knowledge";
import { message, twiml } from "./twiml";

const THREAD_TURNS = 20;
const FALLBACK = "Thanks for your message! Our team will get back to you soon.";

/** A text to one of our numbers, from the parameters of Twilio's signed webhook. */
export interface IncomingText {
  from: string;
  to: string;
  body: string;
  /** The account that signed the webhook; only its numbers answer. */
  account: SigningAccount;
  messageSid?: string;
}

/**
 * The TwiML reply to a text to a business's number: in its agent's persona, the thread kept per phone number, each
 * reply through the messaging gate (it answers as TwiML `<Message>` only what the gate let through). STOP, START and
 * HELP are honoured before anything else; an opted-out number gets no reply.
 */
export async function replyToText(services: Services, log: Logger, incoming: IncomingText): Promise<string> {
  const { db } = services;
  const { from, to } = incoming;
  const body = incoming.body.trim();
  const context = await callContextFor(db, to, incoming.account);
  // The operator pages' probe: answered as a text nobody needs a reply to, with nothing recorded and no model asked.
  if (!context || !from || incoming.messageSid === PROBE_MESSAGE_SID) return twiml();
  const { organizationId, organizationName } = context;
  /** The reply, when the gate lets it go (`carrierRequired`: the keyword answers carriers require, see sendText). */
  const answer = async (reply: string, purpose: "text_reply" | "carrier_keyword", thread = false) => {
    const result = await sendText(
      services,
      { organizationId, from: to, to: from, body: reply, purpose, thread },
      { log, delivery: "reply", carrierRequired: purpose === "carrier_keyword" },
    );
    return result.status === "sent" ? twiml(message(reply)) : twiml();
  };

  switch (keywordOf(body)) {
    case "stop": {
      const optedOut = await setOptOut(db, organizationId, from, true);
      log.info("sms_opt_out", { organization_id: organizationId });
      // One confirmation: a STOP from a number already opted out is not answered again.
      if (!optedOut) return twiml();
      return answer(`You're unsubscribed from ${organizationName} texts. Reply START to resubscribe.`, "carrier_keyword");
    }
    case "start":
      await setOptOut(db, organizationId, from, false);
      return answer(`You're resubscribed to ${organizationName} texts. Reply STOP to unsubscribe.`, "text_reply");
    case "help":
      return answer(
        `${organizationName}: text us your question and ${context.agent?.name ?? PERSONA_NAME} will answer, or call ${to}. Reply STOP to unsubscribe.`,
        "carrier_keyword",
      );
  }
  if (!body || (await isOptedOut(db, organizationId, from))) return twiml();

  const [stored] = await db
    .insert(conversationMessages)
    .values({ organizationId, channel: "sms", threadKey: from, role: "user", content: body.slice(0, 1600), messageSid: incoming.messageSid ?? null })
    .onConflictDoNothing()
    .returning({ id: conversationMessages.id });
  // The same MessageSid again (Twilio retrying, or a replay): it was answered the first time; no second reply, no model.
  if (!stored) {
    log.info("sms_duplicate", { organization_id: organizationId });
    return twiml();
  }
  const history = await db
    .select({ role: conversationMessages.role, content: conversationMessages.content })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.organizationId, organizationId), eq(conversationMessages.channel, "sms"), eq(conversationMessages.threadKey, from)))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(THREAD_TURNS);

  let reply = FALLBACK;
  const { openai } = await services.providersFor(organizationId);
  // Past the daily cap or the trial, texts still get the polite fallback, never a model reply.
  if (openai && context.agent && !(await refusalNow(services, organizationId, context.limits))) {
    const turns = history.reverse().map((turn) => ({ role: turn.role, content: turn.content }));
    const texted = turns.filter((turn) => turn.role === "user").map((turn) => turn.content);
    const knowledge = await textKnowledge(db, { organizationId, agentId: context.agent.id }, texted);
    const guard = await guardInstructions(
      services.config.AUTH_SECRET,
      agentInstructions({ agent: context.agent, organizationName, channel: "sms", knowledge, now: new Date() }),
      knowledgeText(knowledge.sections),
    );
    try {
      const said = await openai.chatText({ maxTokens: 200, messages: [{ role: "system", content: guard.system }, ...turns] });
      reply = guard.screen(said, log, { channel: "sms", organization_id: organizationId }).slice(0, 480);
      await chargeSpend(services, log, organizationId, "", SPEND_PRICES_MICRO_USD.chatReply, context.limits);
    } catch (error) {
      log.warn("sms_reply_failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return answer(reply, "text_reply", true);
}
