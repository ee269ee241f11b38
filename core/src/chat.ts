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

/** The conversation the model sees: no client system turns, no empty turns, the last 20, ending with the visitor. */
export function conversationFor(messages: z.output<typeof chatRequestSchema>["messages"]): ChatTurn[] | null {
  const turns = messages
    .filter((m) => m.role !== "system" && m.content.length > 0)
    .map((m) => ({ role: m.role as ChatTurn["role"], content: m.content }))
    .slice(-LIMITS.chatHistoryTurns);
  return turns.at(-1)?.role === "user" ? turns : null;
}
