import { and, eq, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { members, users } from "../db/schema";

/**
 * Who gets the organization's alert e-mails: the owner, and the members who chose call alerts, each with their role
 * (a viewer reads the contact details in them masked).
 */
export const alertRecipientsQuery = (db: Database, organizationId: string) =>
  db
    .select({ email: users.email, role: members.role })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, organizationId), or(eq(members.role, "owner"), eq(members.callAlerts, true))));
