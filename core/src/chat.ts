import * as z from "zod/mini";
import { LIMITS } from "./constants";
import { CHAT_MESSAGES } from "./widget-copy";

const turn = z.object({
  // A "system" turn from the client is not an error: it is dropped, the server owns the instructions.
  role: z.enum(["user", "assistant", "system"]),
  content: z.string().check(z.trim(), z.maxLength(LIMITS.chatMessageChars, CHAT_MESSAGES.tooLong)),
  /** The server's signature of an assistant turn it said (returned with each reply); unsigned assistant turns are dropped. */
  sig: z.optional(z.string().check(z.maxLength(100))),
});

export const chatRequestSchema = z.object({
  messages: z.array(turn).check(z.minLength(1, CHAT_MESSAGES.empty), z.maxLength(LIMITS.chatConversationTurns, CHAT_MESSAGES.conversationTooLong)),
});

/** How the chat greets on a business's site: as that business's agent (a website visitor is not calling). */
export const businessChatGreeting = (agentName: string, organizationName: string) => `Hi, I'm ${agentName} at ${organizationName}. How can I help you today?`;

export type ChatTurn = { role: "user" | "assistant"; content: string };

/**
 * The chat's "I don't know" (issue 54 §16): the chat's instructions ask the model to end a reply it could not answer
 * with this mark; the server takes it out and answers `offer_contact`, and the widget offers the visitor to leave their
 * number (or the business's contact page) right under that reply.
 */
export const CHAT_OFFER_MARK = "[[offer_callback]]";
export const CHAT_OFFER_RULE = `When you cannot answer from what you know, say so in a sentence, offer to have someone from the team call them back, and end that reply with ${CHAT_OFFER_MARK} (the chat then shows the visitor where to leave their number).`;

/** A reply without the mark (wherever the model put it), and whether it carried one. */
export function takeOfferMark(reply: string): { reply: string; offer: boolean } {
  const parts = reply.split(CHAT_OFFER_MARK);
  return {
    reply: parts
      .join(" ")
      .replace(/[ \t]{2,}/g, " ")
      .trim(),
    offer: parts.length > 1,
  };
}

/** The conversation the model sees: no client system turns, no empty turns, the last 20, ending with the visitor. */
export function conversationFor(messages: z.output<typeof chatRequestSchema>["messages"]): ChatTurn[] | null {
  const turns = messages
    .filter((m) => m.role !== "system" && m.content.length > 0)
    .map((m) => ({ role: m.role as ChatTurn["role"], content: m.content }))
    .slice(-LIMITS.chatHistoryTurns);
  return turns.at(-1)?.role === "user" ? turns : null;
}
