import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { reportOverage } from "../../billing/usage";
import { calls } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { twilioSignature } from "../../middleware/twilio-signature";
import { stripeClient } from "../../services/stripe/client";
import { hangup, say, twiml } from "../../voice/twiml";
import { answerCall, xml } from "./answer";
import { answerText } from "./messaging";
import { connectMediaStream } from "./stream";

const FINAL_STATUSES = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

/** `/twilio/*`: Twilio's webhooks (every one signed) and the media stream. */
export const twilioRoutes = new Hono<AppEnv>()
  .get("/stream/:callSid", connectMediaStream)
  .use("/voice/*", twilioSignature())
  .use("/messaging/*", twilioSignature())
  .post("/messaging/inbound", answerText)
  .post("/voice/inbound", (c) => answerCall(c, "inbound"))
  .post("/voice/outbound", (c) => answerCall(c, "outbound", c.req.query("agent")))
  .post("/voice/voicemail", async (c) => {
    const params = c.var.twilioParams!;
    if (params.CallSid && params.RecordingUrl) {
      await c.var.db
        .update(calls)
        .set({ kind: "voicemail", recordingUrl: params.RecordingUrl })
        .where(eq(calls.callSid, params.CallSid));
      c.var.log.info("voicemail_recorded", { call_sid: params.CallSid, recording_url: params.RecordingUrl });
    }
    return xml(c, twiml(say("Thank you. We'll be in touch soon. Goodbye."), hangup()));
  })
  .post("/voice/status", async (c) => {
    const params = c.var.twilioParams!;
    const callSid = params.CallSid;
    if (!callSid) return c.body(null, 204);
    if (params.RecordingUrl) {
      await c.var.db.update(calls).set({ recordingUrl: params.RecordingUrl }).where(eq(calls.callSid, callSid));
    }
    const status = params.CallStatus;
    if (status && FINAL_STATUSES.has(status)) {
      const duration = Number.parseInt(params.CallDuration ?? "", 10);
      // The call-ended record, idempotent: a repeated callback finds the call already ended and changes nothing.
      const [ended] = await c.var.db
        .update(calls)
        .set({
          status: status as "completed",
          durationSeconds: Number.isFinite(duration) ? duration : null,
          endedAt: new Date(),
        })
        .where(and(eq(calls.callSid, callSid), isNull(calls.durationSeconds)))
        .returning({ id: calls.id, organizationId: calls.organizationId, durationSeconds: calls.durationSeconds });
      c.var.log.info("call_status", { call_sid: callSid, status, duration_seconds: Number.isFinite(duration) ? duration : null });
      if (ended?.organizationId) {
        const deps = { db: c.var.db, stripe: stripeClient(c.var.config), config: c.var.config, log: c.var.log };
        // Minutes beyond the plan go to the Stripe meter; a failure is logged, never a reason to fail Twilio.
        c.executionCtx.waitUntil(
          reportOverage(deps, { ...ended, organizationId: ended.organizationId }).catch((error: unknown) =>
            c.var.log.warn("overage_report_failed", { call_id: ended.id, error: error instanceof Error ? error.message : String(error) }),
          ),
        );
      }
    }
    return c.body(null, 204);
  });
