/**
 * The one-time ticket that lets Twilio's media stream join a call: minted by the voice webhook, carried in
 * the TwiML `<Parameter>`s, redeemed once by the call's CallSession within 60 seconds.
 */
import { toBase64Url } from "./keyed-hash";

export const TICKET_TTL_MS = 60_000;

export interface StreamTicket {
  tokenHash: string;
  expiresAt: number;
  redeemed: boolean;
}

export function mintToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type TicketCheck = "ok" | "missing" | "unknown" | "reused" | "expired" | "mismatch";

/** Whether `token` redeems `ticket` now; pure, so the rules are tested without a Durable Object. */
export async function checkTicket(ticket: StreamTicket | undefined, token: string | undefined, now: number): Promise<TicketCheck> {
  if (!token) return "missing";
  if (!ticket) return "unknown";
  if (ticket.redeemed) return "reused";
  if (now > ticket.expiresAt) return "expired";
  return (await hashToken(token)) === ticket.tokenHash ? "ok" : "mismatch";
}
