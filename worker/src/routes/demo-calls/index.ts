import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { clientIp } from "../../audit";
import { demoCallRequests } from "../../db/schema";
import { checkDemoCallInput, recordConsent, scheduledTime } from "../../demo-calls/checks";
import { placeDemoCall } from "../../demo-calls/place";
import type { AppEnv } from "../../app-env";
import { readJsonBody } from "../../http/json-body";
import { DAY_MS, HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { widgetCors } from "../../middleware/widget-cors";

/** Reads and checks the request (and, when scheduled, its time) before any limit is counted or anything written. */
const demoCallInput = (scheduled: boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const body = await readJsonBody(c);
    const scheduledAt = scheduled ? scheduledTime(body) : undefined;
    const input = checkDemoCallInput(c.var.widgetOwner!, body, c.req.header("referer") ?? null);
    c.set("demoCall", { ...input, ...(scheduledAt ? { scheduledAt } : {}) });
    await next();
  });

/** The organization's per-IP hourly and per-phone daily test-call limits (Settings). */
const demoCallLimits = rateLimit([
  {
    key: (c) => `demo:ip:${c.var.widgetOwner!.organizationId}:${clientIp(c) ?? "unknown"}`,
    limit: (c) => c.var.widgetOwner!.demoCallsPerIpHour,
    windowMs: HOUR_MS,
    code: "rate_limit_ip",
  },
  {
    key: (c) => `demo:phone:${c.var.widgetOwner!.organizationId}:${c.var.demoCall!.e164}`,
    limit: (c) => c.var.widgetOwner!.demoCallsPerPhoneDay,
    windowMs: DAY_MS,
    code: "rate_limit_phone",
  },
]);

/**
 * The Test-a-Call widget's endpoints (widget key in the query, CORS per organization):
 * - `POST /api/demo-calls`: call me now → `{ok, callSid}`.
 * - `POST /api/demo-calls/scheduled`: call me at `scheduled_at` → `201 {id}`; the minute cron places it.
 * Both pass the same checks and limits and write the consent record before anything else.
 */
export const demoCallRoutes = new Hono<AppEnv>()
  .use("/", widgetCors())
  .use("/scheduled", widgetCors())
  .post("/", demoCallInput(false), demoCallLimits, async (c) => {
    const owner = c.var.widgetOwner!;
    const input = c.var.demoCall!;
    await recordConsent(c.var.db, owner, input, { ip: clientIp(c) ?? null, userAgent: c.req.header("user-agent") ?? null });
    const callSid = await placeDemoCall(
      { services: c.var.services, origin: c.var.config.publicOrigin ?? null, log: c.var.log },
      owner.organizationId,
      input.e164,
    );
    return c.json({ ok: true, callSid });
  })
  .post("/scheduled", demoCallInput(true), demoCallLimits, async (c) => {
    const owner = c.var.widgetOwner!;
    const input = c.var.demoCall!;
    const at = input.scheduledAt!;
    const consentId = await recordConsent(c.var.db, owner, input, { ip: clientIp(c) ?? null, userAgent: c.req.header("user-agent") ?? null });
    const [row] = await c.var.db
      .insert(demoCallRequests)
      .values({ organizationId: owner.organizationId, phoneE164: input.e164, source: "widget", scheduledAt: at, status: "queued", consentId })
      .returning({ id: demoCallRequests.id });
    c.var.log.info("demo_call_scheduled", { organization_id: owner.organizationId, id: row!.id, scheduled_at: at.toISOString() });
    return c.json({ id: row!.id, scheduled_at: at.toISOString() }, 201);
  });
