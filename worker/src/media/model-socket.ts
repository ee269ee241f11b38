/** The media plane's sockets: the model's session opened, a socket closed at the call's end. */
import { URL_REFUSAL_REASONS, type UrlPolicy, urlRefusal } from "@nikki/core/url-guard";
import type { RealtimeTarget } from "../call/plan";
import { resolvedUrlRefusal } from "../call/resolved-host";

/** The model's session socket, accepted; throws when the URL is refused or the session does not upgrade. */
export async function modelSocket(realtime: RealtimeTarget, urlPolicy: UrlPolicy, dohUrl: string): Promise<WebSocket> {
  // A business's own realtime URL is guarded again here, in the plane that connects (a plan may predate the rule),
  // its host resolved first: an answer that is a private address is refused too.
  const refusal = realtime.fromBusiness ? (urlRefusal(realtime.url, "https", urlPolicy) ?? (await resolvedUrlRefusal(dohUrl, realtime.url, urlPolicy))) : null;
  if (refusal) throw new Error(`The realtime URL is not allowed: ${URL_REFUSAL_REASONS[refusal]}`);
  // On Workers a websocket client is a fetch with an upgrade; a redirect is not followed.
  const response = await fetch(realtime.url, {
    headers: { upgrade: "websocket", authorization: `Bearer ${realtime.apiKey}` },
    redirect: "manual",
  });
  const socket = response.webSocket;
  if (!socket) throw new Error(`The model's session answered ${response.status}`);
  socket.accept();
  return socket;
}

export function closeQuietly(socket: WebSocket | null) {
  try {
    socket?.close(1000, "Call ended");
  } catch {
    // Already closed.
  }
}
