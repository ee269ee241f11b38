import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";

const notFoundReport = z.object({
  path: z.string().trim().min(1).max(2048),
  referrer: z.string().max(2048).optional(),
});

/** `POST /api/telemetry/not-found`: the 404 page reports the unknown path so it lands in the worker's log. */
export const telemetryRoutes = new Hono<AppEnv>().post("/not-found", async (c) => {
  const report = notFoundReport.safeParse(await readJsonBody(c));
  if (!report.success) throw new ApiError("validation_failed", { fields: { path: "A path is required." } });
  c.var.log.warn("page_not_found", { path: report.data.path, referrer: report.data.referrer ?? null });
  return c.body(null, 204);
});
