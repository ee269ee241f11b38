import { SETTINGS_MESSAGES, settingsPatchSchema } from "@nikki/core";
import { and, desc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { planInEffect } from "../../billing/plan";
import { agents, organizationSettings, phoneNumbers, widgetKeys } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { changedSettings, regionOf, serializeSettings, settingsChanges, settingsRowOf } from "../../org/settings";

/**
 * `/api/org/settings`: every setting of the caller's organization (spec 001 §3), for owners and admins. A patch
 * names any subset; one bad value refuses the whole patch with a message per field, and nothing changes.
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/", access("admin"), async (c) => {
    const organizationId = orgCaller(c).organizationId;
    // The public widget key travels with the settings: the Widget section shows the script tag to paste.
    const [key] = await c.var.db
      .select({ publicKey: widgetKeys.publicKey })
      .from(widgetKeys)
      .where(and(eq(widgetKeys.organizationId, organizationId), isNull(widgetKeys.revokedAt)))
      .orderBy(desc(widgetKeys.createdAt))
      .limit(1);
    return c.json({
      settings: serializeSettings(await settingsRowOf(c.var.db, organizationId), c.var.config.publicOrigin),
      widget_key: key?.publicKey ?? null,
    });
  })
  .patch("/", access("admin"), async (c) => {
    const caller = orgCaller(c);
    // Text limits are bounded by the plan in effect (a trial has Growth's).
    const { plan } = await planInEffect(c.var.db, caller.organizationId);
    const before = await settingsRowOf(c.var.db, caller.organizationId);
    const region = regionOf(before);
    const patch = await parseBody(c, settingsPatchSchema(c.var.config.urlPolicy, plan, region), "a setting");
    const chatAgentId = patch.chat_agent_id;
    if (chatAgentId) {
      const [agent] = await c.var.db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.id, chatAgentId), eq(agents.organizationId, caller.organizationId)));
      if (!agent) throw new ApiError("validation_failed", { fields: { chat_agent_id: SETTINGS_MESSAGES.chatAgent } });
    }
    if (patch.sms_sender_number) {
      const [number] = await c.var.db
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.twilioNumber, patch.sms_sender_number), eq(phoneNumbers.organizationId, caller.organizationId)));
      if (!number) throw new ApiError("validation_failed", { fields: { sms_sender_number: SETTINGS_MESSAGES.smsSenderNotOurs } });
    }
    const changes = settingsChanges(patch);
    // The page sends every field of its form: the log names only those whose values change, and nothing when none does.
    const changed = changedSettings(before, changes, patch);
    if (changed.length === 0) return c.json({ settings: serializeSettings(before, c.var.config.publicOrigin) });
    const [row] = await c.var.db.update(organizationSettings).set(changes).where(eq(organizationSettings.organizationId, caller.organizationId)).returning();
    await audit(c, {
      action: "settings_updated",
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      actorEmail: caller.email,
      details: { changed },
    });
    return c.json({ settings: serializeSettings(row!, c.var.config.publicOrigin) });
  });
