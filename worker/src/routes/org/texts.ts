import type { TextUsageResource } from "@nikki/core";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { textsCounted } from "../../messaging/text-limits";
import { textRulesOf } from "../../messaging/text-rules";
import { access, orgCaller } from "../../middleware/access";

/**
 * `GET /api/org/texts` (every member): the texts the organization sent this hour and today (the business's day, in its time zone) as the messaging
 * gate counts them, its limits in effect, and its plan's bounds (Settings › Texts; owners and admins change the
 * limits with `PATCH /api/org/settings`).
 */
export const textUsageRoutes = new Hono<AppEnv>().get("/", access("viewer"), async (c) => {
  const organizationId = orgCaller(c).organizationId;
  const rules = await textRulesOf(c.var.db, organizationId);
  const sent = await textsCounted(c.var.services, organizationId, rules.timeZone);
  const texts: TextUsageResource = {
    sent_this_hour: sent.hour,
    sent_today: sent.day,
    per_hour: rules.perHour,
    per_day: rules.perDay,
    max_per_hour: rules.plan.texts.perHourMax,
    max_per_day: rules.plan.texts.perDayMax,
    plan: rules.plan.name,
  };
  return c.json({ texts });
});
