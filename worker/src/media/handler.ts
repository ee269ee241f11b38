/**
 * The media plane's HTTP surface: Twilio's media streams (and the bridge's health URL), and the control plane's one
 * request, signed (plane-auth.ts): keep an agent's greeting rendered ahead. A stream's MediaSession fetches its plan
 * from the control plane itself (media/call.ts).
 */
import { BRIDGE_HEALTH_BODY } from "@nikki/core/probes";
import { createLogger } from "../logger";
import type { MediaBindings } from "./env";
import { verifiedPlaneBody } from "../call/plane-auth";

const STREAM = /^\/twilio\/stream\/(CA[0-9a-f]{32})(?:\/([2-9]))?$/i;

const refusal = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: { "cache-control": "no-store" } });

export async function handleMedia(request: Request, env: MediaBindings): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === "/twilio/stream" && request.method === "GET") return new Response(BRIDGE_HEALTH_BODY, { headers: { "content-type": "text/plain" } });
  const stream = STREAM.exec(pathname);
  if (stream && request.method === "GET") return openStream(request, env, mediaSessionName(stream[1]!, Number(stream[2] ?? 1)));
  if (pathname === "/media/greetings") return keepGreeting(request, env);
  return refusal(404, "not_found", "Not found.");
}

/** A greeting rendered ahead, from the control plane (voice/greeting-cache.ts): kept a month, rendered again when it is gone. */
async function keepGreeting(request: Request, env: MediaBindings): Promise<Response> {
  const greeting = await verifiedPlaneBody<{ key?: unknown; frames?: unknown }>(env.AUTH_SECRET, request);
  if (typeof greeting?.key !== "string" || typeof greeting.frames !== "string" || !env.GREETINGS)
    return refusal(403, "forbidden", "Only the control plane may keep a greeting.");
  await env.GREETINGS.put(greeting.key, greeting.frames, { expirationTtl: 30 * 86_400 });
  return new Response(null, { status: 204 });
}

/**
 * A stream's MediaSession: the call's own (its CallSid) for the stream it was answered with, `CallSid/2` for the agent
 * again after a transfer nobody took (call/plan.ts, MediaPlan.segment).
 */
export const mediaSessionName = (callSid: string, segment: number) => (segment > 1 ? `${callSid}/${segment}` : callSid);

/** The stream goes straight to its MediaSession, which checks the signature its plan expects. */
async function openStream(request: Request, env: MediaBindings, sessionName: string): Promise<Response> {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket upgrade", { status: 426 });
  try {
    return await env.MEDIA_SESSION.get(env.MEDIA_SESSION.idFromName(sessionName)).fetch(request);
  } catch (error) {
    // The call's session could not be reached: the socket is accepted and closed with the reason, not failed with a 500.
    createLogger({ component: "media_plane" }, env.LOG_LEVEL).error("twilio_stream_unavailable", {
      error: error instanceof Error ? error.message : String(error),
    });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    server.close(1011, "The voice bridge is unavailable for this call");
    return new Response(null, { status: 101, webSocket: client });
  }
}
