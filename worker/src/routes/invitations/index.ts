import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { membershipOf } from "../../auth/context";
import { invitations, members, organizations, sessions } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { access, signedInCaller } from "../../middleware/access";

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

/** `/api/invitations/:id`: what the accept page shows, and accepting (signed in as the invited e-mail). */
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
    const invitation = await pendingInvitation(c, c.req.param("id"));
    if (!invitation || invitation.status !== "pending" || invitation.expiresAt.getTime() < Date.now()) {
      throw new ApiError("not_found", { message: "This invitation is invalid or has expired." });
    }
    if (invitation.email !== caller.email.toLowerCase()) {
      throw new ApiError("forbidden", { message: `This invitation is for ${invitation.email}. Sign in with that address to accept it.` });
    }
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
    return c.json({ organization: { id: invitation.organizationId, name: invitation.organizationName } });
  });
