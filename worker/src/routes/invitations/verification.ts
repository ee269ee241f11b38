import { INVITATION_CODE_GUESSES_IN_ALL, INVITATION_CODE_MESSAGES, INVITATION_REVOKED_MESSAGE } from "@nikki/core";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { audit } from "../../audit";
import { membershipOf } from "../../middleware/access/request-auth";
import { invitations, members, sessions, users, verifications } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { countHourly, enforceHourly, refuseWhenHourlySpent } from "../../middleware/rate-limit";

const CODE_TTL_MS = 15 * 60 * 1000;

export interface PendingInvitation {
  id: string;
  organizationId: string;
  organizationName: string;
  email: string;
  role: "admin" | "viewer";
}

const identifierOf = (invitationId: string, userId: string) => `invitation:${invitationId}:${userId}`;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A 6-digit code e-mailed to the invited address, the proof that whoever accepts holds it; the membership waits for
 * it. Answers whether the code really left (a server without mail cannot prove the address).
 */
export async function sendInvitationCode(c: Context<AppEnv>, invitation: PendingInvitation, userId: string): Promise<{ emailed: boolean }> {
  await enforceHourly(c, "invitationCodes", `invitation-codes:${invitation.id}`);
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, "0");
  const identifier = identifierOf(invitation.id, userId);
  await c.var.db.delete(verifications).where(eq(verifications.identifier, identifier));
  await c.var.db.insert(verifications).values({ identifier, value: await sha256(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  const mailer = c.var.services.mailer(c.var.log);
  await mailer.send({
    to: invitation.email,
    subject: INVITATION_CODE_MESSAGES.subject(invitation.organizationName),
    text: INVITATION_CODE_MESSAGES.text(code, invitation.organizationName),
  });
  return { emailed: mailer.delivers };
}

/**
 * The membership, once the address is proven: the code checked (15 minutes). Wrong codes are counted per invitation,
 * across every code sent for it: 5 an hour, and the 10th in all revokes the invitation.
 */
export async function joinWithCode(
  c: Context<AppEnv>,
  invitation: PendingInvitation,
  caller: { userId: string; email: string; sessionId: string },
  code: string,
) {
  const guesses = `invitation-guesses:${invitation.id}`;
  await refuseWhenHourlySpent(c, "codeGuesses", guesses);
  const identifier = identifierOf(invitation.id, caller.userId);
  const [stored] = await c.var.db.select().from(verifications).where(eq(verifications.identifier, identifier));
  if (!stored || stored.expiresAt.getTime() < Date.now()) throw new ApiError("validation_failed", { fields: { code: INVITATION_CODE_MESSAGES.expired } });
  // Stored as the hash (older rows carried ":tries" after it, no longer read).
  const [hash] = stored.value.split(":");
  if ((await sha256(code.trim())) !== hash) {
    await countHourly(c, "codeGuesses", guesses);
    const [counted] = await c.var.db
      .update(invitations)
      .set({ codeFailures: sql`${invitations.codeFailures} + 1` })
      .where(eq(invitations.id, invitation.id))
      .returning({ failures: invitations.codeFailures });
    if ((counted?.failures ?? 0) >= INVITATION_CODE_GUESSES_IN_ALL) {
      await c.var.db.update(invitations).set({ status: "revoked" }).where(eq(invitations.id, invitation.id));
      await c.var.db.delete(verifications).where(eq(verifications.id, stored.id));
      await audit(c, {
        action: "invitation_revoked",
        organizationId: invitation.organizationId,
        actorUserId: caller.userId,
        actorEmail: caller.email,
        target: invitation.id,
        details: { reason: "wrong_codes" },
      });
      throw new ApiError("forbidden", { message: INVITATION_REVOKED_MESSAGE });
    }
    throw new ApiError("validation_failed", { fields: { code: INVITATION_CODE_MESSAGES.wrong } });
  }
  await c.var.db.delete(verifications).where(eq(verifications.id, stored.id));
  await c.var.db.update(users).set({ emailVerified: true }).where(eq(users.id, caller.userId));
  await grantMembership(c, invitation, caller);
}

/** The invitation taken up: the member added with its role, the invitation accepted, the session pointed at the organization. */
export async function grantMembership(c: Context<AppEnv>, invitation: PendingInvitation, caller: { userId: string; email: string; sessionId: string }) {
  if (!(await membershipOf(c, caller.userId, invitation.organizationId))) {
    await c.var.db.insert(members).values({ organizationId: invitation.organizationId, userId: caller.userId, role: invitation.role });
  }
  await c.var.db
    .update(invitations)
    .set({ status: "accepted" })
    .where(and(eq(invitations.id, invitation.id)));
  await c.var.db.update(sessions).set({ activeOrganizationId: invitation.organizationId }).where(eq(sessions.id, caller.sessionId));
  await audit(c, {
    action: "invitation_accepted",
    organizationId: invitation.organizationId,
    actorUserId: caller.userId,
    actorEmail: caller.email,
    target: invitation.id,
    details: { role: invitation.role },
  });
}
