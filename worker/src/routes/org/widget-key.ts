import { HOUSE_WIDGET_KEY } from "@nikki/core";
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { widgetKeys } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { access, orgCaller } from "../../middleware/access";
import { randomToken } from "../../org/create-organization";

/**
 * `POST /api/org/widget-key`: a new public widget key for the organization; every older one stops working at once
 * (a key copied to a site it should not be on is cut off by rotating).
 */
export const widgetKeyRoutes = new Hono<AppEnv>().post("/", access("admin"), async (c) => {
  const caller = orgCaller(c);
  const current = await c.var.db
    .select({ publicKey: widgetKeys.publicKey })
    .from(widgetKeys)
    .where(and(eq(widgetKeys.organizationId, caller.organizationId), isNull(widgetKeys.revokedAt)));
  if (current.some((key) => key.publicKey === HOUSE_WIDGET_KEY)) {
    throw new ApiError("conflict", { message: "This organization's key is built into the product's own site and cannot be rotated." });
  }
  await c.var.db
    .update(widgetKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(widgetKeys.organizationId, caller.organizationId), isNull(widgetKeys.revokedAt)));
  const publicKey = `pk_${randomToken(24)}`;
  await c.var.db.insert(widgetKeys).values({ organizationId: caller.organizationId, publicKey, label: "Rotated" });
  await audit(c, { action: "widget_key_rotated", organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email });
  return c.json({ widget_key: publicKey }, 201);
});
