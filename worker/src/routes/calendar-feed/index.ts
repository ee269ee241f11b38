import { and, asc, eq, gte } from "drizzle-orm";
import { Hono } from "hono";
import { appointmentsCalendar } from "../../appointments/ics";
import { appointments, organizationSettings, organizations } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { organizationTimeZone } from "../../org/time-zone";

/** How far back the feed reaches (future ones all come); canceled ones stay in it, marked, so subscribers drop them. */
const PAST_DAYS = 30;
const MOST = 2_000;
const FILE = /^([A-Za-z0-9_-]{32,128})\.ics$/;

/**
 * `GET /api/calendar/{token}.ics`: an organization's appointments as iCalendar, for anyone with the private link (Settings
 * shows it; rotating the token ends the old one). An unknown token is a plain 404.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const token = FILE.exec(c.req.param("file"))?.[1];
  const [owner] = token
    ? await c.var.db
        .select({ organizationId: organizationSettings.organizationId, name: organizations.name })
        .from(organizationSettings)
        .innerJoin(organizations, eq(organizations.id, organizationSettings.organizationId))
        .where(eq(organizationSettings.calendarFeedToken, token))
    : [];
  if (!owner) throw new ApiError("not_found", { message: "This calendar link is not valid. Copy the current one from Settings." });
  const rows = await c.var.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.organizationId, owner.organizationId), gte(appointments.startAt, new Date(Date.now() - PAST_DAYS * 86_400_000))))
    .orderBy(asc(appointments.startAt))
    .limit(MOST);
  const body = appointmentsCalendar({
    name: owner.name,
    timeZone: await organizationTimeZone(c.var.db, owner.organizationId),
    host: c.var.config.publicOrigin ? new URL(c.var.config.publicOrigin).host : "nikki.ai",
    appointments: rows,
  });
  return c.body(body, 200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, max-age=300" });
});
