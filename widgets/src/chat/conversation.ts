import { CHAT_MESSAGES, WIDGET_LEAD_COPY } from "@nikki/core/widget-copy";
import { widgetRequest } from "../lib/api";
import type { WidgetContext } from "../lib/contract";

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
  /** The server's signature of its own reply, sent back with it: unsigned assistant words are not the assistant's. */
  sig?: string;
  /** A reply that could not answer: the chat offers the visitor to leave their number under it. */
  offer?: boolean;
}

/** The conversation survives page loads within the tab (sessionStorage), one per widget key. */
export function restoreConversation(context: WidgetContext): ChatMessage[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(`nikki:chat:${context.key}`) ?? "null") as ChatMessage[] | null;
    if (Array.isArray(saved) && saved.length > 0) return saved;
  } catch {
    // Storage blocked or corrupt: start afresh.
  }
  // The greeting is the server's words for this site (the business's agent, or this product's own copy on its own site),
  // signed like every reply.
  const { greeting, signature } = context.config.chat;
  return [{ role: "assistant", content: greeting, ...(signature ? { sig: signature } : {}) }];
}

export function saveConversation(context: WidgetContext, messages: ChatMessage[]) {
  try {
    sessionStorage.setItem(`nikki:chat:${context.key}`, JSON.stringify(messages));
  } catch {
    // Storage full or blocked: the conversation still lives in memory.
  }
}

export type ChatOutcome = { reply: string; sig?: string; offer?: boolean } | { toast: readonly [string, string] };

/** Spec 000 §8: 429 and 402 have their own toasts; anything else is the backend error; no reply is an apology. */
export async function askAssistant(context: WidgetContext, messages: ChatMessage[]): Promise<ChatOutcome> {
  // Only the recent turns: the server reads the last 20, and a long visit never reaches the conversation cap.
  const result = await widgetRequest<{ reply?: string; signature?: string | null; offer_contact?: boolean }>(context, "/api/chat", {
    messages: messages.slice(-40).map(({ role, content, sig }) => ({ role, content, sig })),
  });
  if (result.ok) {
    const reply = result.data.reply?.trim();
    const { signature, offer_contact } = result.data;
    return reply ? { reply, ...(signature ? { sig: signature } : {}), ...(offer_contact ? { offer: true } : {}) } : { reply: CHAT_MESSAGES.noReply };
  }
  // The business's own limits (trial over, daily spending limit): its words, not "wait a moment".
  if ((result.code === "spend_cap" || result.code === "trial_ended") && result.message) return { toast: [CHAT_MESSAGES.pausedTitle, result.message] };
  if (result.status === 429) return { toast: [CHAT_MESSAGES.tooManyTitle, CHAT_MESSAGES.tooMany] };
  if (result.status === 402) return { toast: [CHAT_MESSAGES.billingTitle, CHAT_MESSAGES.billing] };
  return { toast: [CHAT_MESSAGES.backendTitle, CHAT_MESSAGES.backend] };
}

export type LeadOutcome = { ok: true } | { fields: Record<string, string> } | { toast: readonly [string, string] };

/** The contact hand-off: the visitor's name and number become a lead of the business whose key this is. */
export async function leaveNumber(context: WidgetContext, lead: { name: string; phone: string; notes?: string }): Promise<LeadOutcome> {
  const result = await widgetRequest<{ id: string }>(context, "/api/widget/leads", lead);
  if (result.ok) return { ok: true };
  if (result.fields) return { fields: result.fields };
  return { toast: [WIDGET_LEAD_COPY.failedTitle, result.message || WIDGET_LEAD_COPY.failed] };
}
