import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { organizationSettings } from "../../db/schema";
import { linkToken } from "../../db/schema/columns";
import type { AppEnv } from "../../app-env";
import { access, orgCaller } from "../../middleware/access";
import { calendarFeedUrl, settingsRowOf } from "../../org/settings";

/** `POST /api/org/calendar-feed/rotate`: a new private feed link; the old one stops working at once. */
export const calendarFeedRotateRoutes = new Hono<AppEnv>().post("/rotate", access("admin"), async (c) => {
  const caller = orgCaller(c);
  await settingsRowOf(c.var.db, caller.organizationId);
  const token = linkToken();
  await c.var.db.update(organizationSettings).set({ calendarFeedToken: token }).where(eq(organizationSettings.organizationId, caller.organizationId));
  await audit(c, { action: "calendar_feed_rotated", organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email });
  return c.json({ calendar_feed_url: calendarFeedUrl(c.var.config.publicOrigin, token) });
});
