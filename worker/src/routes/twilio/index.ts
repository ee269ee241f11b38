import { type Context, Hono } from "hono";
import { ApiError } from "../../http/api-error";
import type { AppEnv } from "../../app-env";
import { twilioSignature } from "../../middleware/twilio-signature";
import { callEffectsOf } from "../../test-suite/call-effects-of";
import { afterStream } from "../../voice/after-stream";
import { recordAnsweredBy } from "../../voice/answering-machine";
import { recordVoicemail } from "../../voice/call-status";
import { settleCallStatus } from "../../voice/settle-call";
import { replyToText } from "../../voice/text-reply";
import { hangup, say, twiml } from "../../voice/twiml";
import { answerVoiceWebhook, xml } from "./answer";
import { transferDialed, transferScreened, transferWhisper } from "./transfer";

/** A stream handed to the media plane; when that worker cannot be reached, Twilio's handshake gets a 503 that says so. */
export async function toMediaPlane(c: Context<AppEnv>) {
  try {
    return await c.env.MEDIA.fetch(c.req.raw);
  } catch (error) {
    c.var.log.error("media_plane_unreachable", { error: error instanceof Error ? error.message : String(error) });
    throw new ApiError("voice_bridge_unavailable");
  }
}

/** `/twilio/*`: Twilio's webhooks (every one signed, verified before anything is read) and the media stream. */
export const twilioRoutes = new Hono<AppEnv>()
  // Media streams (and the bridge's health URL, spec 001 §7) belong to the media plane: handed over through its binding.
  .get("/stream", toMediaPlane)
  .get("/stream/:callSid", toMediaPlane)
  // The agent again after a transfer nobody took: the call's next stream (call/plan.ts, MediaPlan.segment).
  .get("/stream/:callSid/:segment", toMediaPlane)
  .use("/voice/*", twilioSignature())
  .use("/messaging/*", twilioSignature())
  .post("/messaging/inbound", async (c) => {
    const params = c.var.twilioParams!;
    return xml(
      c,
      await replyToText(c.var.services, c.var.log, {
        from: params.From ?? "",
        to: params.To ?? "",
        body: params.Body ?? "",
        account: c.var.twilioAccount!,
        messageSid: params.MessageSid,
      }),
    );
  })
  .post("/voice/inbound", (c) => answerVoiceWebhook(c, "inbound"))
  .post("/voice/outbound", (c) => answerVoiceWebhook(c, "outbound", c.req.query("agent")))
  .post("/voice/after-stream", async (c) => {
    const sessions = c.env.CALL_SESSION;
    const deps = {
      services: c.var.services,
      origin: c.var.config.publicOrigin!,
      log: c.var.log,
      endReason: (callSid: string) => sessions.get(sessions.idFromName(callSid)).endReason(),
    };
    return xml(c, await afterStream(deps, c.var.twilioParams!, c.var.twilioAccount!));
  })
  .post("/voice/transfer/whisper", transferWhisper)
  .post("/voice/transfer/screened", transferScreened)
  .post("/voice/transfer/dialed", transferDialed)
  .post("/voice/voicemail", async (c) => {
    await recordVoicemail(c.var.services, c.var.log, c.var.twilioParams!, c.var.twilioAccount!);
    return xml(c, twiml(say("Thank you. We'll be in touch soon. Goodbye."), hangup()));
  })
  .post("/voice/amd", async (c) => {
    await recordAnsweredBy(c.var.services, c.var.log, c.var.twilioParams!, c.var.twilioAccount!, c.req.query("purpose"));
    return c.body(null, 204);
  })
  .post("/voice/status", async (c) => {
    const deps = { services: c.var.services, log: c.var.log, sessions: c.env.CALL_SESSION, effectsOf: callEffectsOf };
    const { after } = await settleCallStatus(deps, c.var.twilioParams!, c.var.twilioAccount!);
    if (after) c.executionCtx.waitUntil(after);
    return c.body(null, 204);
  });
