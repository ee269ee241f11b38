import { SERVICE_MESSAGES, type ServiceCreate, type ServicePatch, serviceCreateSchema, servicePatchSchema } from "@nikki/core";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { serviceOf, servicesOf } from "../../appointments/catalogue";
import { serializeService } from "../../appointments/resource";
import { audit } from "../../audit";
import { services } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { agentIdsColumn } from "../../http/agent-ids";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";

type Ctx = Context<AppEnv>;

const record = (c: Ctx, action: "service_created" | "service_updated" | "service_deleted", id: string, details?: Record<string, unknown>) => {
  const caller = orgCaller(c);
  return audit(c, { action, organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email, target: id, details });
};

async function columnsOf(c: Ctx, input: ServiceCreate | ServicePatch) {
  const agentIds = await agentIdsColumn(c.var.db, orgCaller(c).organizationId, input.agent_ids, SERVICE_MESSAGES.agents);
  return Object.fromEntries(
    Object.entries({
      name: input.name,
      durationMinutes: input.duration_minutes,
      bufferMinutes: input.buffer_minutes,
      priceText: input.price_text === undefined ? undefined : input.price_text || null,
      agentIds,
    }).filter(([, value]) => value !== undefined),
  ) as Partial<typeof services.$inferInsert>;
}

async function found(c: Ctx) {
  const row = await serviceOf(c.var.db, orgCaller(c).organizationId, c.req.param("id") ?? "");
  if (!row) throw new ApiError("not_found", { message: SERVICE_MESSAGES.notFound });
  return row;
}

/**
 * `/api/services` (issue 35 §1): what can be booked, each with its duration, buffer, price and the agents that offer
 * it. Every member reads them; owners and admins change them. The last one cannot be deleted (bookings need one).
 */
export const serviceRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), async (c) => {
    const rows = await servicesOf(c.var.db, orgCaller(c).organizationId);
    return c.json({ services: rows.map(serializeService) });
  })
  .post("/", access("admin"), async (c) => {
    const input = await parseBody(c, serviceCreateSchema, "a field of a service");
    const values = await columnsOf(c, input);
    const [row] = await c.var.db
      .insert(services)
      .values({ ...values, organizationId: orgCaller(c).organizationId, name: input.name, durationMinutes: input.duration_minutes })
      .returning();
    await record(c, "service_created", row!.id, { name: row!.name });
    return c.json({ service: serializeService(row!) }, 201);
  })
  .patch("/:id", access("admin"), async (c) => {
    const existing = await found(c);
    const input = await parseBody(c, servicePatchSchema, "a field of a service");
    const values = await columnsOf(c, input);
    const [row] = Object.keys(values).length
      ? await c.var.db
          .update(services)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(services.id, existing.id))
          .returning()
      : [existing];
    await record(c, "service_updated", existing.id, { changed: Object.keys(input), name: row!.name });
    return c.json({ service: serializeService(row!) });
  })
  .delete("/:id", access("admin"), async (c) => {
    const existing = await found(c);
    const all = await servicesOf(c.var.db, existing.organizationId);
    if (all.length <= 1) throw new ApiError("conflict", { message: SERVICE_MESSAGES.lastOne });
    await c.var.db.delete(services).where(eq(services.id, existing.id));
    await record(c, "service_deleted", existing.id, { name: existing.name });
    return c.body(null, 204);
  });
