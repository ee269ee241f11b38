/**
 * The ticket a member listens to a live call with (issue 56 §2): minted by the control plane for an owner or admin
 * (POST /api/calls/:id/listen), carried in the media plane socket's URL, checked there without a round trip (an HMAC
 * under a key both planes derive from AUTH_SECRET), once, within LISTEN_TICKET_TTL_MS. What it names (the member, the
 * organization) is what the media plane asks the control plane about again on each lease (media/listeners.ts).
 */
import { fromBase64Url, purposeKey, toBase64Url } from "./keyed-hash";

export const LISTEN_TICKET_TTL_MS = 60_000;

export interface ListenClaims {
  callSid: string;
  /** The call's stream the agent is on (call/plan.ts MediaPlan.segment). */
  segment: number;
  organizationId: string;
  userId: string;
  /** Epoch ms after which the ticket opens nothing. */
  expiresAt: number;
  /** Makes each ticket one of a kind: the media plane takes each once. */
  nonce: string;
}

const encoder = new TextEncoder();
const key = (secret: string) => purposeKey("listen-ticket", secret);

export async function mintListenTicket(
  secret: string,
  claims: Omit<ListenClaims, "nonce" | "expiresAt">,
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: number }> {
  const full: ListenClaims = { ...claims, expiresAt: now + LISTEN_TICKET_TTL_MS, nonce: toBase64Url(crypto.getRandomValues(new Uint8Array(12))) };
  const body = toBase64Url(encoder.encode(JSON.stringify(full)));
  const signature = toBase64Url(await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(body)));
  return { ticket: `${body}.${signature}`, expiresAt: full.expiresAt };
}

/** The ticket's claims when it is signed with `secret`, names `callSid`/`segment` and is in time; null otherwise. */
export async function readListenTicket(
  secret: string | undefined,
  ticket: string | null,
  callSid: string,
  segment: number,
  now = Date.now(),
): Promise<ListenClaims | null> {
  if (!secret || !ticket || ticket.length > 1_000) return null;
  const [body, signature] = ticket.split(".", 2);
  const given = signature ? fromBase64Url(signature) : null;
  if (!body || !given) return null;
  if (!(await crypto.subtle.verify("HMAC", await key(secret), given, encoder.encode(body)))) return null;
  const bytes = fromBase64Url(body);
  if (!bytes) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as ListenClaims;
    return claims.callSid === callSid && claims.segment === segment && now <= claims.expiresAt ? claims : null;
  } catch {
    return null;
  }
}

/** The media plane's socket for listeners, on the host Twilio streams to (the control plane hands it over too). */
export const LISTEN_PATH = /^\/media\/listen\/(CA[0-9a-f]{32})\/([1-9])$/i;
export const listenPath = (callSid: string, segment: number) => `/media/listen/${callSid}/${segment}`;
