import { DEFAULT_SERVICE } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { services } from "./schema";

/** A new organization's (or one that deleted its last) default service: "Appointment", 30 minutes, every agent. */
export async function ensureDefaultService(db: Database, organizationId: string): Promise<void> {
  const [any] = await db.select({ id: services.id }).from(services).where(eq(services.organizationId, organizationId)).limit(1);
  if (any) return;
  await db
    .insert(services)
    .values({ organizationId, name: DEFAULT_SERVICE.name, durationMinutes: DEFAULT_SERVICE.durationMinutes, bufferMinutes: DEFAULT_SERVICE.bufferMinutes });
}
