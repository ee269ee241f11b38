/** An organization's bookable services (issue 35 §1): the default one every organization starts with, and lookups. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { ensureDefaultService } from "../db/default-service";
import { jsonList } from "../db/json";
import { preparedQuery } from "../db/prepared";
import { services } from "../db/schema";

export type ServiceRow = typeof services.$inferSelect;

/** Built once (db/prepared.ts): every booking check of a call reads them. */
const servicesQuery = preparedQuery((db) =>
  db
    .select()
    .from(services)
    .where(eq(services.organizationId, sql.placeholder("organizationId")))
    .orderBy(asc(services.createdAt), asc(services.id))
    .prepare(),
);

/** The organization's services, oldest first; the default "Appointment" is created when it has none. */
export async function servicesOf(db: Database, organizationId: string): Promise<ServiceRow[]> {
  const rows = await servicesQuery(db).all({ organizationId });
  if (rows.length > 0) return rows;
  await ensureDefaultService(db, organizationId);
  return db.select().from(services).where(eq(services.organizationId, organizationId)).orderBy(asc(services.createdAt));
}

export async function serviceOf(db: Database, organizationId: string, id: string): Promise<ServiceRow | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.organizationId, organizationId)));
  return row ?? null;
}

/** Whether an agent offers a service (an empty list: every agent does). */
export const offeredBy = (service: ServiceRow, agentId: string) => {
  const ids = jsonList(service.agentIds);
  return ids.length === 0 || ids.includes(agentId);
};
