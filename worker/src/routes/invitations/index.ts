import { invitationCodeSchema } from "@nikki/core";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { invitations, organizations, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, signedInCaller } from "../../middleware/access";
import { type PendingInvitation, grantMembership, joinWithCode, sendInvitationCode } from "./verification";

async function pendingInvitation(c: Parameters<typeof signedInCaller>[0], id: string) {
  const [row] = await c.var.db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      organizationName: organizations.name,
      email: invitations.email,
      role: invitations.role,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.id, id));
  return row ?? null;
}

/** A pending, unexpired invitation for the caller's own address; anything else is refused in words. */
export async function acceptable(c: Parameters<typeof signedInCaller>[0], id: string, email: string): Promise<PendingInvitation> {
  const invitation = await pendingInvitation(c, id);
  if (!invitation || invitation.status !== "pending" || invitation.expiresAt.getTime() < Date.now()) {
    throw new ApiError("not_found", { message: "This invitation is invalid or has expired." });
  }
  if (invitation.email !== email.toLowerCase()) {
    throw new ApiError("forbidden", { message: `This invitation is for ${invitation.email}. Sign in with that address to accept it.` });
  }
  return invitation as PendingInvitation;
}

/**
 * `/api/invitations/:id`: what the accept page shows; accepting (signed in as the invited e-mail), which first proves
 * the address with a code e-mailed to it unless it is already verified; and entering that code.
 */
export const publicInvitationRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const invitation = await pendingInvitation(c, c.req.param("id"));
    if (!invitation) throw new ApiError("not_found", { message: "This invitation does not exist." });
    const expired = invitation.expiresAt.getTime() < Date.now();
    return c.json({
      invitation: {
        id: invitation.id,
        organization_name: invitation.organizationName,
        email: invitation.email,
        role: invitation.role,
        status: expired && invitation.status === "pending" ? "expired" : invitation.status,
      },
    });
  })
  .post("/:id/accept", access("signed-in"), async (c) => {
    const caller = signedInCaller(c);
    const invitation = await acceptable(c, c.req.param("id"), caller.email);
    const [user] = await c.var.db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, caller.userId));
    // The address already proven (Google, or an earlier code): joined at once. Otherwise a code goes to it first.
    if (user?.verified) {
      await grantMembership(c, invitation, caller);
      return c.json({ organization: { id: invitation.organizationId, name: invitation.organizationName } });
    }
    const { emailed } = await sendInvitationCode(c, invitation, caller.userId);
    return c.json({ verification_required: true, emailed }, 202);
  })
  .post("/:id/verify", access("signed-in"), async (c) => {
    const caller = signedInCaller(c);
    const invitation = await acceptable(c, c.req.param("id"), caller.email);
    const { code } = await parseBody(c, invitationCodeSchema, "a code");
    await joinWithCode(c, invitation, caller, code);
    return c.json({ organization: { id: invitation.organizationId, name: invitation.organizationName } });
  });
