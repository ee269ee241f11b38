import { LIMITS, PRODUCT_NAME, invitationSchema, parseFields } from "@nikki/core";
import { and, desc, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { selfOrigin } from "../../middleware/access/request-auth";
import { invitations, members, organizations, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { access, orgCaller } from "../../middleware/access";
import { enforceHourly } from "../../middleware/rate-limit";
import { invitationAddressToken } from "../invitations/address-token";

const DAY_MS = 24 * 60 * 60 * 1000;

export function acceptUrl(origin: string, id: string) {
  return `${origin}/invite?id=${encodeURIComponent(id)}`;
}

/** `/api/org/invitations` (admin): real invitations with an accept link, e-mailed when mail is configured. */
export const invitationRoutes = new Hono<AppEnv>()
  .get("/", access("admin"), async (c) => {
    const origin = selfOrigin(c);
    const rows = await c.var.db
      .select({ id: invitations.id, email: invitations.email, role: invitations.role, expires_at: invitations.expiresAt, created_at: invitations.createdAt })
      .from(invitations)
      .where(and(eq(invitations.organizationId, orgCaller(c).organizationId), eq(invitations.status, "pending"), gt(invitations.expiresAt, new Date())))
      .orderBy(desc(invitations.createdAt));
    return c.json({ invitations: rows.map((row) => ({ ...row, accept_url: acceptUrl(origin, row.id) })) });
  })
  .post("/", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const parsed = parseFields(invitationSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    const { email, role } = parsed.data;
    const [already] = await c.var.db
      .select({ id: members.id })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.organizationId, caller.organizationId), eq(users.email, email)));
    if (already) {
      const message = "That person is already a member of your organization.";
      throw new ApiError("conflict", { message, fields: { email: message } });
    }
    // Counted once the invitation will be sent: a typo or a member already there costs nothing.
    await enforceHourly(c, "invitations", `invitations:${caller.organizationId}`);
    const [invitation] = await c.var.db
      .insert(invitations)
      .values({
        organizationId: caller.organizationId,
        email,
        role,
        inviterId: caller.userId,
        expiresAt: new Date(Date.now() + LIMITS.invitationDays * DAY_MS),
      })
      .returning({ id: invitations.id, email: invitations.email, role: invitations.role, expires_at: invitations.expiresAt });
    const url = acceptUrl(selfOrigin(c), invitation!.id);
    // The e-mailed link also proves the address it went to: whoever follows it signs up without a code.
    const secret = c.var.config.AUTH_SECRET;
    const mailedUrl = secret ? `${url}&token=${await invitationAddressToken(secret, invitation!.id, email)}` : url;
    const [organization] = await c.var.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, caller.organizationId));
    let emailed = false;
    if (c.var.mailer.delivers) {
      try {
        await c.var.mailer.send({
          to: email,
          subject: `${caller.name} invited you to ${organization?.name ?? "their team"} on ${PRODUCT_NAME}`,
          text: `${caller.name} (${caller.email}) invited you to join ${organization?.name} on ${PRODUCT_NAME} as ${role}.\n\nAccept the invitation: ${mailedUrl}\n\nThe link expires in ${LIMITS.invitationDays} days.`,
        });
        emailed = true;
      } catch {
        emailed = false;
      }
    } else {
      c.var.log.info("invitation_link", { email, url });
    }
    await audit(c, {
      action: "invitation_created",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: email,
      details: { role, emailed },
    });
    return c.json({ invitation: { ...invitation!, accept_url: url, emailed } }, 201);
  })
  .delete("/:id", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const [canceled] = await c.var.db
      .update(invitations)
      .set({ status: "canceled" })
      .where(and(eq(invitations.id, c.req.param("id")), eq(invitations.organizationId, caller.organizationId), eq(invitations.status, "pending")))
      .returning({ email: invitations.email });
    if (!canceled) throw new ApiError("not_found", { message: "That invitation was not found." });
    await audit(c, {
      action: "invitation_canceled",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: canceled.email,
    });
    return c.body(null, 204);
  });
