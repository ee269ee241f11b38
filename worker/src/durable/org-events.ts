import type { LiveCallEvent } from "@nikki/core";
import { DurableObject } from "cloudflare:workers";

/**
 * One object per organization holding its open dashboards' WebSockets (hibernating between events, so an idle
 * dashboard costs nothing); `publish` sends an event to every one of them.
 */
export class OrgEvents extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket upgrade", { status: 426 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async publish(event: LiveCallEvent): Promise<number> {
    const text = JSON.stringify(event);
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(text);
        sent++;
      } catch {
        // Closing already: the browser reconnects.
      }
    }
    return sent;
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") socket.send("pong");
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005 and 1006 (no code, abnormal) may not be sent back: close normally.
    socket.close(code >= 1000 && code < 1004 ? code : 1000, "Closed");
  }
}
