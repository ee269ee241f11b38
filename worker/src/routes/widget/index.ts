import { type WidgetConfig, readableTextOn } from "@nikki/core";
import { Hono } from "hono";
import { selfOrigin } from "../../middleware/access/request-auth";
import type { AppEnv } from "../../app-env";
import { widgetCors } from "../../middleware/widget-cors";

/** `GET /api/widget/config?key=`: what the loader needs to show an organization's widgets. */
export const widgetRoutes = new Hono<AppEnv>().use("/config", widgetCors()).get("/config", (c) => {
  const owner = c.var.widgetOwner!;
  const config: WidgetConfig = {
    organization: { name: owner.organizationName },
    colors: { primary: owner.color, on_primary: readableTextOn(owner.color) },
    widgets: owner.enabledWidgets,
    contact_url: owner.contactUrl ?? `${selfOrigin(c)}/contact`,
  };
  return c.json(config);
});
