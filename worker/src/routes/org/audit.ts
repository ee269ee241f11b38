import { LIMITS } from "@nikki/core";
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { auditLog } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { access, orgCaller } from "../../middleware/access";

/** An audit entry as the API and the export give it. */
export const auditColumns = {
  id: auditLog.id,
  action: auditLog.action,
  actor_email: auditLog.actorEmail,
  target: auditLog.target,
  details: auditLog.details,
  ip: auditLog.ip,
  created_at: auditLog.createdAt,
};

/** `GET /api/org/audit` (owner, admin): the newest entries of the organization's audit log. */
export const auditRoutes = new Hono<AppEnv>().get("/", access("admin"), async (c) => {
  const rows = await c.var.db
    .select(auditColumns)
    .from(auditLog)
    .where(eq(auditLog.organizationId, orgCaller(c).organizationId))
    .orderBy(desc(auditLog.createdAt))
    .limit(LIMITS.auditListLimit);
  return c.json({ entries: rows.map((row) => ({ ...row, details: row.details ? (JSON.parse(row.details) as unknown) : null })) });
});
