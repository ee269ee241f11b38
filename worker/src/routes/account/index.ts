import { providersSimulated } from "../../env";
import { ACCOUNT_MESSAGES, LIMITS, createOrganizationSchema, parseFields, signupSchema } from "@nikki/core";
import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { audit, clientIp } from "../../audit";
import { getAuth, loadCaller } from "../../middleware/access/request-auth";
import { invitations, members, organizations, sessions, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { access, isOperator, signedInCaller } from "../../middleware/access";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { createOrganizationWithOwner } from "../../org/create-organization";
import { readAuthError } from "../auth/errors";
import { regionOf, settingsRowOf } from "../../org/settings";
import { organizationTimeZone } from "../../org/time-zone";
import { provesAddress } from "../invitations/address-token";
import { grantMembership, sendInvitationCode } from "../invitations/verification";

/** `POST /api/account/signup` (spec 000 §2 /signup) and `GET /api/account/me` (the dashboard shell). */
export const accountRoutes = new Hono<AppEnv>()
  .post(
    "/signup",
    rateLimit([
      {
        key: (c) => `signup:ip:${clientIp(c) ?? "unknown"}`,
        limit: LIMITS.signUpsPerIpHour,
        windowMs: HOUR_MS,
        code: "rate_limited",
        message: ACCOUNT_MESSAGES.tooManySignUps,
      },
    ]),
    async (c) => {
      const parsed = parseFields(signupSchema, await readJsonBody(c));
      if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
      const input = parsed.data;
      const db = c.var.db;

      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing) {
        throw new ApiError("conflict", { message: ACCOUNT_MESSAGES.emailTaken, fields: { email: ACCOUNT_MESSAGES.emailTaken } });
      }
      const invitation = input.invitationId
        ? (
            await db
              .select()
              .from(invitations)
              .where(and(eq(invitations.id, input.invitationId), eq(invitations.status, "pending"), gt(invitations.expiresAt, new Date())))
          )[0]
        : undefined;
      if (input.invitationId && (!invitation || invitation.email !== input.email)) {
        throw new ApiError("not_found", { message: "This invitation is invalid, has expired, or is for another email address." });
      }

      const response = await getAuth(c).api.signUpEmail({
        body: { name: `${input.firstName} ${input.lastName}`, email: input.email, password: input.password },
        headers: c.req.raw.headers,
        asResponse: true,
      });
      if (!response.ok) throw await readAuthError(response);
      const created = (await response.json()) as { token: string | null; user: { id: string; email: string; name: string } };

      if (invitation) {
        const [joining] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, invitation.organizationId));
        const pending = {
          id: invitation.id,
          organizationId: invitation.organizationId,
          organizationName: joining?.name ?? "",
          email: invitation.email,
          role: invitation.role,
        };
        for (const cookie of response.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
        // Arrived from the invitation e-mail's link: the address is proven, so the person joins at once.
        const [session] = created.token ? await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, created.token)) : [];
        if (session && (await provesAddress(c.var.config.AUTH_SECRET!, invitation, input.invitationToken))) {
          await db.update(users).set({ emailVerified: true }).where(eq(users.id, created.user.id));
          await grantMembership(c, pending, { userId: created.user.id, email: created.user.email, sessionId: session.id });
          return c.json({ user: created.user, organization: { id: pending.organizationId, name: pending.organizationName } }, 201);
        }
        // Otherwise joining waits for the address to be proven: a code is e-mailed to it (POST /api/invitations/:id/verify).
        const { emailed } = await sendInvitationCode(c, pending, created.user.id);
        return c.json({ user: created.user, organization: null, verification_required: true, emailed, invitation_id: invitation.id }, 201);
      }
      const organization = await createOrganizationWithOwner(db, { name: input.company!, ownerUserId: created.user.id, timeZone: input.time_zone });
      await audit(c, { action: "account_created", organizationId: organization.id, actorUserId: created.user.id, actorEmail: created.user.email });
      if (created.token) {
        await db.update(sessions).set({ activeOrganizationId: organization.id }).where(eq(sessions.token, created.token));
      }
      for (const cookie of response.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
      return c.json({ user: created.user, organization }, 201);
    },
  )
  .post("/organization", access("signed-in"), async (c) => {
    const caller = signedInCaller(c);
    if (caller.organizationId) {
      throw new ApiError("conflict", { message: "You already belong to an organization." });
    }
    const parsed = parseFields(createOrganizationSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    const organization = await createOrganizationWithOwner(c.var.db, {
      name: parsed.data.company,
      ownerUserId: caller.userId,
      timeZone: parsed.data.time_zone,
    });
    await c.var.db.update(sessions).set({ activeOrganizationId: organization.id }).where(eq(sessions.id, caller.sessionId));
    await audit(c, { action: "account_created", organizationId: organization.id, actorUserId: caller.userId, actorEmail: caller.email });
    return c.json({ organization }, 201);
  })
  .get("/providers", (c) => {
    const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = c.var.config;
    return c.json({ google: Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET) });
  })
  .get("/me", access("signed-in"), async (c) => {
    await loadCaller(c);
    const caller = signedInCaller(c);
    const [user] = await c.var.db
      .select({ id: users.id, name: users.name, email: users.email, twoFactorEnabled: users.twoFactorEnabled, phone: users.phone })
      .from(users)
      .where(eq(users.id, caller.userId));
    const [organization] = caller.organizationId
      ? await c.var.db
          .select({ id: organizations.id, name: organizations.name, domain: organizations.domain, callAlerts: members.callAlerts })
          .from(organizations)
          .innerJoin(members, and(eq(members.organizationId, organizations.id), eq(members.userId, caller.userId)))
          .where(eq(organizations.id, caller.organizationId))
      : [];
    return c.json({
      user: user!,
      organization: organization
        ? {
            id: organization.id,
            name: organization.name,
            domain: organization.domain,
            time_zone: await organizationTimeZone(c.var.db, organization.id),
            // The region every phone a member types is read in (Settings › Calls; core's parsePhone).
            default_region: regionOf(await settingsRowOf(c.var.db, organization.id)),
          }
        : null,
      role: caller.role,
      call_alerts: organization?.callAlerts ?? false,
      simulated_providers: providersSimulated(c.var.config),
      is_operator: isOperator(c, caller),
    });
  });
