/**
 * The media plane's HTTP surface: Twilio's media streams (and the bridge's health URL), and the control plane's
 * requests, signed (plane-auth.ts): keep an agent's greeting rendered ahead, and an owner's command for a live stream;
 * and members listening in to a call, with a ticket.
 * A stream's MediaSession fetches its plan from the control plane itself (media/call.ts).
 */
import { BRIDGE_HEALTH_BODY } from "@nikki/core/probes";
import { createLogger } from "../logger";
import type { MediaBindings } from "./env";
import { verifiedPlaneBody } from "../call/plane-auth";
import type { OwnerCommand } from "../call/live";
import { LISTEN_PATH } from "../call/listen-ticket";

const STREAM = /^\/twilio\/stream\/(CA[0-9a-f]{32})(?:\/([2-9]))?$/i;
const COMMAND = /^\/media\/calls\/(CA[0-9a-f]{32})\/([1-9])\/command$/i;
const LISTENING = /^\/media\/calls\/(CA[0-9a-f]{32})\/([1-9])\/listening$/i;

const refusal = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: { "cache-control": "no-store" } });

export async function handleMedia(request: Request, env: MediaBindings): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === "/twilio/stream" && request.method === "GET") return new Response(BRIDGE_HEALTH_BODY, { headers: { "content-type": "text/plain" } });
  const stream = STREAM.exec(pathname);
  if (stream && request.method === "GET") return openStream(request, env, mediaSessionName(stream[1]!, Number(stream[2] ?? 1)));
  // A member listening in (issue 56 §2): the call's session checks the ticket (media/listeners.ts).
  const listen = LISTEN_PATH.exec(pathname);
  if (listen && request.method === "GET") return openStream(request, env, mediaSessionName(listen[1]!, Number(listen[2])));
  if (pathname === "/media/greetings") return keepGreeting(request, env);
  const command = COMMAND.exec(pathname);
  if (command) return ownerCommand(request, env, mediaSessionName(command[1]!, Number(command[2])));
  const listening = LISTENING.exec(pathname);
  if (listening) return listenerCount(request, env, mediaSessionName(listening[1]!, Number(listening[2])));
  return refusal(404, "not_found", "Not found.");
}

/** An owner's command (issue 56) for the stream `sessionName`: `{taken}`, false when that stream is not live. */
async function ownerCommand(request: Request, env: MediaBindings, sessionName: string): Promise<Response> {
  const command = await verifiedPlaneBody<OwnerCommand>(env.AUTH_SECRET, request);
  const valid =
    command?.kind === "note"
      ? typeof command.text === "string"
      : (command?.kind === "end" || command?.kind === "hand_over") && typeof command.instructions === "string";
  if (!command || !valid) return refusal(403, "forbidden", "Only the control plane may command a call.");
  const taken = await env.MEDIA_SESSION.get(env.MEDIA_SESSION.idFromName(sessionName)).command(command);
  return Response.json({ taken });
}

/** How many members listen to the stream `sessionName` now (`{listening}`), for the control plane only. */
async function listenerCount(request: Request, env: MediaBindings, sessionName: string): Promise<Response> {
  if (!(await verifiedPlaneBody<object>(env.AUTH_SECRET, request))) return refusal(403, "forbidden", "Only the control plane may ask who listens.");
  return Response.json({ listening: await env.MEDIA_SESSION.get(env.MEDIA_SESSION.idFromName(sessionName)).listening() });
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
