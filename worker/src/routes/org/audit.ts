import { LIMITS, auditSentence } from "@nikki/core";
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { auditLog } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { access, orgCaller } from "../../middleware/access";
import { auditSubjects } from "./audit-subjects";

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

const detailsOf = (stored: string | null): Record<string, unknown> | null => {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * `GET /api/org/audit` (owner, admin): the newest entries of the organization's audit log, each with `summary`, what
 * happened in the owner's words ("Agent Sofia created").
 */
export const auditRoutes = new Hono<AppEnv>().get("/", access("admin"), async (c) => {
  const organizationId = orgCaller(c).organizationId;
  const rows = await c.var.db
    .select(auditColumns)
    .from(auditLog)
    .where(eq(auditLog.organizationId, organizationId))
    .orderBy(desc(auditLog.createdAt))
    .limit(LIMITS.auditListLimit);
  const entries = rows.map((row) => ({ ...row, details: detailsOf(row.details) }));
  const subjects = await auditSubjects(c.var.db, organizationId, entries);
  return c.json({
    entries: entries.map((entry) => ({ ...entry, summary: auditSentence({ ...entry, subject: subjects.get(entry.id) ?? null }) })),
  });
});
