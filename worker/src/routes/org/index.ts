import { CLOSE_MESSAGES, organizationUpdateSchema, parseFields } from "@nikki/core";
import * as z from "zod/mini";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { organizations } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { parseBody } from "../../http/parse-body";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { access, orgCaller } from "../../middleware/access";
import { auditRoutes } from "./audit";
import { calendarFeedRotateRoutes } from "./calendar-feed";
import { closeOrganization } from "./close";
import { exportOrganization } from "./export";
import { gettingStartedRoutes } from "./getting-started";
import { invitationRoutes } from "./invitations";
import { memberRoutes } from "./members";
import { settingsRoutes } from "./settings";
import { textUsageRoutes } from "./texts";
import { widgetKeyRoutes } from "./widget-key";

const columns = {
  id: organizations.id,
  name: organizations.name,
  domain: organizations.domain,
  time_zone: organizations.timeZone,
  createdAt: organizations.createdAt,
};

const closeSchema = z.strictObject({ confirm: z.string("Type the organization's name to confirm.") });

/** `/api/org`: the caller's organization. Every query is scoped to `orgCaller(c).organizationId`. */
export const orgRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), async (c) => {
    const [organization] = await c.var.db
      .select(columns)
      .from(organizations)
      .where(eq(organizations.id, orgCaller(c).organizationId));
    if (!organization) throw new ApiError("not_found");
    return c.json({ organization, role: orgCaller(c).role });
  })
  .patch("/", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const parsed = parseFields(organizationUpdateSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    const changes = {
      ...(parsed.data.name !== undefined ? { name: parsed.data.name } : {}),
      ...(parsed.data.domain !== undefined ? { domain: parsed.data.domain || null } : {}),
      ...(parsed.data.time_zone !== undefined ? { timeZone: parsed.data.time_zone } : {}),
    };
    const [organization] = Object.keys(changes).length
      ? await c.var.db.update(organizations).set(changes).where(eq(organizations.id, caller.organizationId)).returning(columns)
      : await c.var.db.select(columns).from(organizations).where(eq(organizations.id, caller.organizationId));
    await audit(c, {
      action: "organization_updated",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      details: changes,
    });
    return c.json({ organization });
  })
  // Export: the owner's copy of everything (no credentials), as a zip; 10 an hour, as it reads every call.
  .get(
    "/export",
    access("owner"),
    rateLimit([{ key: (c) => `org:export:${orgCaller(c).organizationId}`, limit: 10, windowMs: HOUR_MS, code: "rate_limited" }]),
    async (c) => {
      const caller = orgCaller(c);
      const { filename, zip } = await exportOrganization(c.var.db, caller.organizationId);
      await audit(c, { action: "organization_exported", organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email });
      return c.body(zip.slice().buffer, 200, {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      });
    },
  )
  // Closing: the owner types the organization's name; see closeOrganization for what happens, in order.
  .delete("/", access("owner"), async (c) => {
    const caller = orgCaller(c);
    const { confirm } = await parseBody(c, closeSchema, "a confirmation");
    const [organization] = await c.var.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, caller.organizationId));
    if (!organization) throw new ApiError("not_found");
    if (confirm.trim() !== organization.name.trim())
      throw new ApiError("validation_failed", { fields: { confirm: CLOSE_MESSAGES.confirm(organization.name) } });
    const report = await closeOrganization(c, caller.organizationId);
    await audit(c, {
      action: "organization_deleted",
      organizationId: null,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: caller.organizationId,
      details: { ...report },
    });
    return c.json({ closed: report });
  })
  .route("/members", memberRoutes)
  .route("/invitations", invitationRoutes)
  .route("/audit", auditRoutes)
  .route("/settings", settingsRoutes)
  .route("/texts", textUsageRoutes)
  .route("/widget-key", widgetKeyRoutes)
  .route("/getting-started", gettingStartedRoutes)
  .route("/calendar-feed", calendarFeedRotateRoutes);
