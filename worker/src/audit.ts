import type { AuditAction } from "@nikki/core";
import type { Context } from "hono";
import { auditLog } from "./db/schema";
import type { Database } from "./db/client";
import { isLocalDeployment } from "./env";
import type { Logger } from "./logger";
import type { AppEnv } from "./app-env";

export type { AuditAction } from "@nikki/core";

/**
 * The caller's address: `CF-Connecting-IP`, which Cloudflare's edge sets (anything a client sends, such as
 * `X-Real-IP`, is ignored). Under local development, where no edge sets it, the local address.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  return c.req.header("cf-connecting-ip") ?? (isLocalDeployment(c.var.config) ? "127.0.0.1" : null);
}

export interface AuditEntry {
  action: AuditAction;
  organizationId: string | null;
  actorUserId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

/** The one writer of the audit log, for routes and jobs alike. Never fails the work it describes. */
export async function writeAudit(db: Database, log: Logger, entry: AuditEntry & { ip?: string | null }): Promise<void> {
  try {
    await db.insert(auditLog).values({
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId ?? null,
      actorEmail: entry.actorEmail ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.ip ?? null,
    });
  } catch (error) {
    log.error("audit_write_failed", { action: entry.action, error: String(error) });
  }
}

/** Records who did what in a request, when, from which IP. */
export function audit(c: Context<AppEnv>, entry: AuditEntry): Promise<void> {
  return writeAudit(c.var.db, c.var.log, { ...entry, ip: clientIp(c) });
}
