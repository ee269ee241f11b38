import { CHAT_MESSAGES } from "@nikki/core";
import type { Config } from "../../env";
import { fromBase64Url, purposeKey, toBase64Url } from "../../call/keyed-hash";

const encoder = new TextEncoder();

const signed = (organizationId: string, content: string) => encoder.encode(`${organizationId}\n${content}`);

/** The signature the widget keeps beside each of the assistant's replies and sends back with it. */
export async function signAssistantTurn(config: Pick<Config, "AUTH_SECRET">, organizationId: string, content: string): Promise<string | null> {
  if (!config.AUTH_SECRET) return null;
  return toBase64Url(await crypto.subtle.sign("HMAC", await purposeKey("chat-turn", config.AUTH_SECRET), signed(organizationId, content)));
}

/**
 * Whether an assistant turn a visitor sent back is one this server said to this organization's visitors: its signature
 * verifies, or it is a greeting the widget shows unsigned: the chat agent's (the one its calls open with) or the
 * widget's own. Any other "assistant" words are the visitor's, and are dropped.
 */
export async function isOwnAssistantTurn(
  config: Pick<Config, "AUTH_SECRET">,
  organization: { id: string; name: string; agentGreeting: string | null },
  turn: { content: string; sig?: string },
): Promise<boolean> {
  if (turn.content === organization.agentGreeting || turn.content === CHAT_MESSAGES.greeting(organization.name).trim()) return true;
  const signature = turn.sig ? fromBase64Url(turn.sig) : null;
  if (!signature || !config.AUTH_SECRET) return false;
  return crypto.subtle.verify("HMAC", await purposeKey("chat-turn", config.AUTH_SECRET), signature, signed(organization.id, turn.content));
}
