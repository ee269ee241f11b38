import type { LiveAppointmentEvent, LiveCallEvent } from "@nikki/core";
import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { organizationSettings } from "../db/schema";
import { type DatabaseSettings, databaseOf } from "../db/database";
import { MEMBER_HEADER, REMOVED_CLOSE } from "./org-events-names";

/**
 * One object per organization holding its open dashboards' WebSockets (hibernating between events, so an idle
 * dashboard costs nothing), each tagged with its member; `publish` sends an event to every one of them, `disconnect`
 * closes a removed member's. How many are open is written to the organization's settings as they come and go, so a
 * call's webhooks call this object only when someone listens (live-dashboards.ts).
 */
/** What the object reads of the worker's environment: only its database (env.ts names the object, so no import back). */
type OrgEventsEnv = DatabaseSettings & { DB: D1Database };

export class OrgEvents extends DurableObject<OrgEventsEnv> {
  /** The counts' writes, one after another, each counting when it runs: the last one written is the latest count. */
  private counting: Promise<void> = Promise.resolve();

  private countDashboards(): Promise<void> {
    const organizationId = this.ctx.id.name;
    if (!organizationId) return Promise.resolve();
    this.counting = this.counting.then(async () => {
      const open = this.ctx.getWebSockets().filter((socket) => socket.readyState === WebSocket.OPEN).length;
      await databaseOf(this.env, this.env)
        .update(organizationSettings)
        .set({ liveDashboards: open })
        .where(eq(organizationSettings.organizationId, organizationId))
        .catch(() => undefined);
    });
    return this.counting;
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket upgrade", { status: 426 });
    const member = request.headers.get(MEMBER_HEADER);
    if (!member) return new Response("No member", { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [member]);
    // Counted before the dashboard is told it is connected: what changes after that reaches it.
    await this.countDashboards();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A member removed from the organization: their open dashboards stop hearing its events at once. */
  async disconnect(userId: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(userId);
    for (const socket of sockets) socket.close(REMOVED_CLOSE.code, REMOVED_CLOSE.reason);
    if (sockets.length) await this.countDashboards();
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
    await this.countDashboards();
  }

  override async webSocketError(): Promise<void> {
    await this.countDashboards();
  }
}
