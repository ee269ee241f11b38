import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { verifyTwilioSignature } from "../../services/twilio/signature";

const CALL_SID = /^CA[0-9a-f]{32}$/i;

/**
 * `GET /twilio/stream/:callSid`: Twilio's media stream. The call's id is in the path (Twilio allows no query
 * string, a path is fine), so the signed upgrade goes straight to that call's CallSession: the socket then runs
 * between Twilio and the Durable Object with no hop through this worker. The object checks the one-time ticket
 * from the `start` message before anything reaches OpenAI.
 */
export async function connectMediaStream(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.text("Expected a websocket upgrade", 426);
  const callSid = c.req.param("callSid") ?? "";
  const { TWILIO_AUTH_TOKEN, publicOrigin } = c.var.config;
  const path = `/twilio/stream/${callSid}`;
  const signature = c.req.header("x-twilio-signature");
  const signed =
    TWILIO_AUTH_TOKEN &&
    publicOrigin &&
    CALL_SID.test(callSid) &&
    ((await verifyTwilioSignature(TWILIO_AUTH_TOKEN, `${publicOrigin.replace(/^http/, "ws")}${path}`, {}, signature)) ||
      (await verifyTwilioSignature(TWILIO_AUTH_TOKEN, `${publicOrigin}${path}`, {}, signature)));
  if (!signed) {
    c.var.log.warn("twilio_stream_refused", { reason: CALL_SID.test(callSid) ? "signature" : "call_sid" });
    return c.text("Forbidden", 403);
  }
  const sessions = c.env.CALL_SESSION;
  return sessions.get(sessions.idFromName(callSid)).fetch(c.req.raw);
}
