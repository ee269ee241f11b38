import { TEST_CALL_COPY } from "@nikki/core";
import { Hono } from "hono";
import { demoCallRequests } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { widgetCors } from "../../middleware/widget-cors";
import { checkDemoCallRequest, placeDemoCall, recordConsent } from "../../widgets/demo-call";

/** How far ahead a test call may be scheduled. */
const SCHEDULE_HORIZON_MS = 14 * 24 * 60 * 60 * 1000;

function scheduledTime(body: unknown): Date {
  const raw = typeof body === "object" && body !== null ? (body as { scheduled_at?: unknown }).scheduled_at : undefined;
  if (typeof raw !== "string" || raw.trim() === "") {
    throw new ApiError("validation_failed", { message: TEST_CALL_COPY.dateRequired[1], fields: { scheduled_at: TEST_CALL_COPY.dateRequired[1] } });
  }
  const at = new Date(raw);
  const now = Date.now();
  if (Number.isNaN(at.getTime()) || at.getTime() <= now) {
    throw new ApiError("validation_failed", { message: TEST_CALL_COPY.dateInPast[1], fields: { scheduled_at: TEST_CALL_COPY.dateInPast[1] } });
  }
  if (at.getTime() > now + SCHEDULE_HORIZON_MS) {
    const message = "Please pick a time within the next 14 days.";
    throw new ApiError("validation_failed", { message, fields: { scheduled_at: message } });
  }
  return at;
}

/**
 * The Test-a-Call widget's endpoints (widget key in the query, CORS per organization):
 * - `POST /api/demo-calls`: call me now → `{ok, callSid}`.
 * - `POST /api/demo-calls/scheduled`: call me at `scheduled_at` → `201 {id}`; the minute cron places it.
 * Both pass the same checks and write the consent record before anything else.
 */
export const demoCallRoutes = new Hono<AppEnv>()
  .use("/", widgetCors())
  .use("/scheduled", widgetCors())
  .post("/", async (c) => {
    const owner = c.var.widgetOwner!;
    const { e164, pageUrl } = await checkDemoCallRequest(c, owner, await readJsonBody(c));
    await recordConsent(c, owner, e164, pageUrl);
    const callSid = await placeDemoCall({ db: c.var.db, twilio: c.var.twilio, origin: c.var.config.publicOrigin ?? null, log: c.var.log }, owner.organizationId, e164);
    return c.json({ ok: true, callSid });
  })
  .post("/scheduled", async (c) => {
    const owner = c.var.widgetOwner!;
    const body = await readJsonBody(c);
    const at = scheduledTime(body);
    const { e164, pageUrl } = await checkDemoCallRequest(c, owner, body);
    const consentId = await recordConsent(c, owner, e164, pageUrl);
    const [row] = await c.var.db
      .insert(demoCallRequests)
      .values({ organizationId: owner.organizationId, phoneE164: e164, source: "widget", scheduledAt: at, status: "queued", consentId })
      .returning({ id: demoCallRequests.id });
    c.var.log.info("demo_call_scheduled", { organization_id: owner.organizationId, id: row!.id, scheduled_at: at.toISOString() });
    return c.json({ id: row!.id, scheduled_at: at.toISOString() }, 201);
  });
