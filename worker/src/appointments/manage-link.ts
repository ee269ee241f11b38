/**
 * The caller's manage link, `/a/{token}` (issue 35 §5). The token is an HMAC of the appointment's id under a key derived
 * from AUTH_SECRET, so every text can carry the same link without the token being stored: the database keeps only its
 * SHA-256, to find the appointment a link names. Without the secret no link can be made or guessed.
 */
import { purposeKey, toBase64Url } from "../call/keyed-hash";

export async function manageToken(secret: string, appointmentId: string): Promise<string> {
  const key = await purposeKey("appointment-manage-link", secret);
  return toBase64Url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(appointmentId)));
}

/** SHA-256 (hex) of a token: what is stored and looked up. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The absolute link for an appointment, or null when this deployment does not know its own origin. */
export async function manageLink(config: { publicOrigin: string | null; AUTH_SECRET?: string }, appointmentId: string): Promise<string | null> {
  if (!config.publicOrigin || !config.AUTH_SECRET) return null;
  return `${config.publicOrigin}/a/${await manageToken(config.AUTH_SECRET, appointmentId)}`;
}
