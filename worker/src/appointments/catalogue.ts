/** An organization's bookable services (issue 35 §1): the default one every organization starts with, and lookups. */
import { DEFAULT_SERVICE } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { services } from "../db/schema";

export type ServiceRow = typeof services.$inferSelect;

/** The organization's services, oldest first; the default "Appointment" is created when it has none. */
export async function servicesOf(db: Database, organizationId: string): Promise<ServiceRow[]> {
  const rows = await db.select().from(services).where(eq(services.organizationId, organizationId)).orderBy(asc(services.createdAt), asc(services.id));
  if (rows.length > 0) return rows;
  await ensureDefaultService(db, organizationId);
  return db.select().from(services).where(eq(services.organizationId, organizationId)).orderBy(asc(services.createdAt));
}

/** A new organization's (or one that deleted its last) default service: "Appointment", 30 minutes, every agent. */
export async function ensureDefaultService(db: Database, organizationId: string): Promise<void> {
  const [any] = await db.select({ id: services.id }).from(services).where(eq(services.organizationId, organizationId)).limit(1);
  if (any) return;
  await db
    .insert(services)
    .values({ organizationId, name: DEFAULT_SERVICE.name, durationMinutes: DEFAULT_SERVICE.durationMinutes, bufferMinutes: DEFAULT_SERVICE.bufferMinutes });
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
