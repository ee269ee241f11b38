/**
 * The invitation e-mail's proof of address (issue 54): its link carries a token keyed to the invitation and the invited
 * address, which only that e-mail holds (the link Team settings shows the admin has none). Arriving with it proves the
 * address as the e-mailed code does, so signing up from it asks for no code; without it the code is still asked.
 */
import { fromBase64Url, purposeKey, toBase64Url } from "../../call/keyed-hash";

const PURPOSE = "invitation-address";
const encoder = new TextEncoder();
const signed = (invitationId: string, email: string) => encoder.encode(`${invitationId}\n${email.trim().toLowerCase()}`);

export async function invitationAddressToken(secret: string, invitationId: string, email: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await purposeKey(PURPOSE, secret), signed(invitationId, email)));
}

/** Whether `token` is the one e-mailed for this invitation to this address (compared in constant time). */
export async function provesAddress(secret: string, invitation: { id: string; email: string }, token: string | undefined): Promise<boolean> {
  const signature = token ? fromBase64Url(token) : null;
  if (!signature) return false;
  return crypto.subtle.verify("HMAC", await purposeKey(PURPOSE, secret), signature, signed(invitation.id, invitation.email));
}
