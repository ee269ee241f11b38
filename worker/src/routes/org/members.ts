import { ACCOUNT_MESSAGES, callAlertsSchema, myPhoneSchemaIn, parseFields, roleChangeSchema } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { members, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { memberPhoneRules } from "../../org/member-phone";

/** A member of the caller's organization, or 404 (another organization's member id is not found here). */
async function findMember(c: Parameters<typeof orgCaller>[0], id: string) {
  const [member] = await c.var.db
    .select({ id: members.id, userId: members.userId, role: members.role, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, id), eq(members.organizationId, orgCaller(c).organizationId)));
  if (!member) throw new ApiError("not_found", { message: "That member was not found in your organization." });
  return member;
}

/** `/api/org/members` (spec 001 §3, §6): list (viewer), change role and remove (admin); the owner is fixed. */
export const memberRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), async (c) => {
    const rows = await c.var.db
      .select({
        id: members.id,
        user_id: members.userId,
        role: members.role,
        email: users.email,
        full_name: users.name,
        call_alerts: members.callAlerts,
        joined_at: members.createdAt,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(members.organizationId, orgCaller(c).organizationId))
      .orderBy(asc(members.createdAt));
    return c.json({ members: rows });
  })
  /** Any member's own opt-in to call alerts by e-mail (the owner gets them regardless). */
  .put("/me/alerts", access("viewer"), async (c) => {
    const caller = orgCaller(c);
    const parsed = parseFields(callAlertsSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    await c.var.db
      .update(members)
      .set({ callAlerts: parsed.data.call_alerts })
      .where(and(eq(members.organizationId, caller.organizationId), eq(members.userId, caller.userId)));
    return c.json({ call_alerts: parsed.data.call_alerts });
  })
  /** An owner's or admin's own phone, rung when they take over a live call (users.phone; GET /api/account/me shows it). */
  .put("/me/phone", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const rules = await memberPhoneRules(c.var.db, caller.organizationId);
    const input = await parseBody(c, myPhoneSchemaIn(rules.region), "a field of your phone");
    const phone = input.phone === null ? null : rules.allowed(input.phone, "phone");
    await c.var.db.update(users).set({ phone }).where(eq(users.id, caller.userId));
    return c.json({ phone });
  })
  .patch("/:id", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const parsed = parseFields(roleChangeSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    const member = await findMember(c, c.req.param("id"));
    if (member.role === "owner") throw new ApiError("forbidden", { message: ACCOUNT_MESSAGES.ownerFixed });
    await c.var.db.update(members).set({ role: parsed.data.role }).where(eq(members.id, member.id));
    await audit(c, {
      action: "member_role_changed",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: member.email,
      details: { from: member.role, to: parsed.data.role },
    });
    return c.json({ member: { id: member.id, role: parsed.data.role } });
  })
  .delete("/:id", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const member = await findMember(c, c.req.param("id"));
    if (member.role === "owner") throw new ApiError("forbidden", { message: ACCOUNT_MESSAGES.ownerFixed });
    await c.var.db.delete(members).where(eq(members.id, member.id));
    await c.env.ORG_EVENTS.get(c.env.ORG_EVENTS.idFromName(caller.organizationId)).disconnect(member.userId);
    await audit(c, {
      action: "member_removed",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: member.email,
      details: { role: member.role },
    });
    return c.body(null, 204);
  });
