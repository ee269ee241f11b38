import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { verifyTwilioSignature } from "../../services/twilio/signature";
import { parseFrame } from "../../voice/protocol";

const MAX_FRAMES_BEFORE_START = 20;

/**
 * `GET /twilio/stream`: Twilio's media stream. Its URL carries nothing (Twilio allows no query string); the
 * call is named in the `start` message. So the worker accepts the socket, holds the first frames until
 * `start`, then relays everything to that call's CallSession (keyed by CallSid), which checks the ticket.
 */
export async function relayMediaStream(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.text("Expected a websocket upgrade", 426);
  const { TWILIO_AUTH_TOKEN, publicOrigin } = c.var.config;
  const path = new URL(c.req.url).pathname;
  const signature = c.req.header("x-twilio-signature");
  const signed =
    TWILIO_AUTH_TOKEN &&
    publicOrigin &&
    ((await verifyTwilioSignature(TWILIO_AUTH_TOKEN, `${publicOrigin.replace(/^http/, "ws")}${path}`, {}, signature)) ||
      (await verifyTwilioSignature(TWILIO_AUTH_TOKEN, `${publicOrigin}${path}`, {}, signature)));
  if (!signed) {
    c.var.log.warn("twilio_stream_refused", { reason: "signature" });
    return c.text("Forbidden", 403);
  }

  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  server.accept();
  const held: (string | ArrayBuffer)[] = [];
  let upstream: WebSocket | null = null;
  let connecting = false;
  const log = c.var.log;
  const sessions = c.env.CALL_SESSION;

  const closeBoth = (code = 1000, reason = "Call ended") => {
    for (const socket of [server, upstream]) {
      try {
        socket?.close(code, reason);
      } catch {
        // already closed
      }
    }
  };

  server.addEventListener("message", async (event) => {
    if (upstream) {
      upstream.send(event.data);
      return;
    }
    held.push(event.data);
    const frame = parseFrame(event.data, "event");
    if (frame?.event !== "start" || connecting) {
      if (held.length > MAX_FRAMES_BEFORE_START) closeBoth(1008, "No start message");
      return;
    }
    const callSid = (frame.start as { callSid?: unknown } | undefined)?.callSid;
    if (typeof callSid !== "string" || !/^CA[0-9a-f]{32}$/i.test(callSid)) {
      closeBoth(1008, "Invalid start message");
      return;
    }
    connecting = true;
    const response = await sessions.get(sessions.idFromName(callSid)).fetch("https://call-session/stream", { headers: { upgrade: "websocket" } });
    const socket = response.webSocket;
    if (!socket) {
      log.warn("call_session_refused_stream", { call_sid: callSid, status: response.status });
      closeBoth(response.status === 409 ? 1008 : 1011, response.status === 409 ? "Stream already attached" : "Call unavailable");
      return;
    }
    socket.accept();
    socket.addEventListener("message", (message) => {
      try {
        server.send(message.data);
      } catch {
        // Twilio already hung up
      }
    });
    socket.addEventListener("close", (closed) => closeBoth(closed.code === 1005 ? 1000 : closed.code, closed.reason));
    for (const frameData of held.splice(0)) socket.send(frameData);
    upstream = socket;
  });
  server.addEventListener("close", () => closeBoth());
  server.addEventListener("error", () => closeBoth());
  return new Response(null, { status: 101, webSocket: client });
}
