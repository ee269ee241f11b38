/**
 * The business's own names (issue 54): its name, its agents' names and its services' names. Redaction masks the
 * caller's personal details, never these ("a Wellness Exam" is not a person), so every redaction path keeps them.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { agents, organizations, services } from "../db/schema";

/** The names as one query, for a caller that reads them in a batch (db/one-trip.ts); ownNamesOf reads its rows. */
export const ownNamesQuery = (db: Database, organizationId: string) =>
  db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .union(db.select({ name: agents.name }).from(agents).where(eq(agents.organizationId, organizationId)))
    .union(db.select({ name: services.name }).from(services).where(eq(services.organizationId, organizationId)));

export const ownNamesOf = (rows: readonly { name: string }[]): string[] => rows.map((row) => row.name.trim()).filter(Boolean);

export const organizationOwnNames = async (db: Database, organizationId: string): Promise<string[]> => ownNamesOf(await ownNamesQuery(db, organizationId));
