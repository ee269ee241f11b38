import type { LiveAppointmentEvent, LiveCallEvent } from "@nikki/core";
import { DurableObject } from "cloudflare:workers";
import { MEMBER_HEADER, REMOVED_CLOSE } from "./org-events-names";

/**
 * One object per organization holding its open dashboards' WebSockets (hibernating between events, so an idle
 * dashboard costs nothing), each tagged with its member; `publish` sends an event to every one of them, `disconnect`
 * closes a removed member's.
 */
export class OrgEvents extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket upgrade", { status: 426 });
    const member = request.headers.get(MEMBER_HEADER);
    if (!member) return new Response("No member", { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [member]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A member removed from the organization: their open dashboards stop hearing its events at once. */
  async disconnect(userId: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(userId);
    for (const socket of sockets) socket.close(REMOVED_CLOSE.code, REMOVED_CLOSE.reason);
    return sockets.length;
  }

  async publish(event: LiveCallEvent | LiveAppointmentEvent): Promise<number> {
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
