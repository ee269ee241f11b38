/** The audit log. */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { organizations, users } from "./accounts";

/** Who did what, when, from where: sign-ins, invitations, role changes, settings changes. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    details: text("details"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_org_created_idx").on(t.organizationId, t.createdAt)],
);
