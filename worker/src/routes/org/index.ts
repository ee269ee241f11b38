import { organizationUpdateSchema, parseFields } from "@nikki/core";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { organizations } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { access, orgCaller } from "../../middleware/access";
import { auditRoutes } from "./audit";
import { gettingStartedRoutes } from "./getting-started";
import { invitationRoutes } from "./invitations";
import { memberRoutes } from "./members";
import { settingsRoutes } from "./settings";
import { widgetKeyRoutes } from "./widget-key";

const columns = {
  id: organizations.id,
  name: organizations.name,
  domain: organizations.domain,
  createdAt: organizations.createdAt,
};

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
  .delete("/", access("owner"), async (c) => {
    const caller = orgCaller(c);
    await c.var.db.delete(organizations).where(eq(organizations.id, caller.organizationId));
    await audit(c, {
      action: "organization_deleted",
      organizationId: null,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      target: caller.organizationId,
    });
    return c.body(null, 204);
  })
  .route("/members", memberRoutes)
  .route("/invitations", invitationRoutes)
  .route("/audit", auditRoutes)
  .route("/settings", settingsRoutes)
  .route("/widget-key", widgetKeyRoutes)
  .route("/getting-started", gettingStartedRoutes);
