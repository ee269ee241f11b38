import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { calls } from "../db/schema";
import { type Bindings, readConfig } from "../env";
import { type Logger, type LogLevel, createLogger } from "../http/logger";
import { liveServices } from "../services";
import { analyzeDueCall } from "./analysis";
import { sendFollowUpText } from "./follow-up";
import { type BridgeAction, BridgeProtocol } from "./protocol";
import { realtimeUrl, sessionUpdate } from "./realtime-session";
import { type StreamTicket, TICKET_TTL_MS, checkTicket } from "./stream-ticket";
import { type ToolCall, runTool } from "./tools";

export interface TranscriptEntry {
  role: "user" | "assistant";
  content: string;
  timestamp: string;
}

/** Everything the call needs, decided by the voice webhook when Twilio asked how to answer. */
export interface CallSetup {
  tool: ToolCall;
  organizationName: string;
  afterHours: boolean;
  maxCallSeconds: number;
  instructions: string;
  openingLine: string;
  goodbye: string;
  voice: string;
}

/**
 * One live call (keyed by CallSid): Twilio's media stream on one side, the OpenAI Realtime session on the
 * other, the protocol in between. Ends once, writes the transcript, then analyses the call from an alarm.
 */
export class CallSession extends DurableObject<Bindings> {
  private twilio: WebSocket | null = null;
  private openai: WebSocket | null = null;
  private pendingToOpenAI: string[] = [];
  private protocol: BridgeProtocol | null = null;
  private setup: CallSetup | null = null;
  private transcript: TranscriptEntry[] = [];
  private ticker: ReturnType<typeof setInterval> | null = null;
  private finished = false;
  private log: Logger = createLogger({ component: "call_session" });

  /** Called by the voice webhook: the call's setup and the hash of its one-time stream token. */
  async prepare(setup: CallSetup, tokenHash: string): Promise<void> {
    const ticket: StreamTicket = { tokenHash, expiresAt: Date.now() + TICKET_TTL_MS, redeemed: false };
    await this.ctx.storage.put({ setup, ticket });
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    // One stream per call: a second connection (a replayed ticket, a reconnect after the end) is closed at once.
    if (this.twilio || this.finished) {
      server.close(1008, "This call already has its stream");
      return new Response(null, { status: 101, webSocket: client });
    }
    const config = readConfig(this.env);
    this.log = createLogger({ component: "call_session", call_sid: this.ctx.id.name ?? null }, config.LOG_LEVEL as LogLevel);
    this.twilio = server;
    server.addEventListener("message", (event) => void this.fromTwilio(event.data));
    server.addEventListener("close", () => void this.dispatch(this.protocol?.onClosed("twilio_stop") ?? []));
    server.addEventListener("error", () => void this.dispatch(this.protocol?.onClosed("twilio_stop") ?? []));
    return new Response(null, { status: 101, webSocket: client });
  }

  private async fromTwilio(data: unknown) {
    if (!this.protocol) {
      this.setup = (await this.ctx.storage.get<CallSetup>("setup")) ?? null;
      this.protocol = new BridgeProtocol({
        maxCallMs: (this.setup?.maxCallSeconds ?? 900) * 1000,
        goodbyeInstructions: this.setup?.goodbye ?? "Say goodbye.",
      });
    }
    await this.dispatch(this.protocol.onTwilio(data, Date.now()));
  }

  private async dispatch(actions: BridgeAction[]): Promise<void> {
    for (const action of actions) {
      switch (action.kind) {
        case "twilio":
          this.send(this.twilio, JSON.stringify(action.message));
          break;
        case "openai":
          this.toOpenAI(JSON.stringify(action.event));
          break;
        case "started":
          // The stream's path named this object's call; its start message must name the same one.
          await this.started(action.callSid === this.ctx.id.name ? action.parameters.token : undefined);
          break;
        case "transcript":
          this.transcript.push({ role: action.role, content: action.text, timestamp: new Date().toISOString() });
          break;
        case "tool":
          void this.tool(action.callId, action.name, action.arguments);
          break;
        case "end":
          await this.finish(action.reason);
          break;
      }
    }
  }

  /** The stream's ticket must be this call's, unused and under 60 s old, before anything reaches OpenAI. */
  private async started(token: string | undefined) {
    const ticket = await this.ctx.storage.get<StreamTicket>("ticket");
    const verdict = await checkTicket(ticket, token, Date.now());
    if (verdict !== "ok" || !this.setup) {
      this.log.warn("stream_ticket_refused", { verdict });
      this.twilio?.close(1008, "Invalid stream ticket");
      this.finished = true;
      return;
    }
    await this.ctx.storage.put("ticket", { ...ticket!, redeemed: true });
    await this.connectOpenAI(this.setup);
    this.ticker = setInterval(() => void this.dispatch(this.protocol?.onTick(Date.now()) ?? []), 1000);
  }

  private async connectOpenAI(setup: CallSetup) {
    const config = readConfig(this.env);
    try {
      const response = await fetch(realtimeUrl(config.OPENAI_BASE_URL, config.OPENAI_REALTIME_MODEL), {
        headers: { upgrade: "websocket", authorization: `Bearer ${config.OPENAI_API_KEY ?? ""}` },
      });
      const socket = response.webSocket;
      if (!socket) throw new Error(`OpenAI Realtime answered ${response.status}`);
      socket.accept();
      this.openai = socket;
      socket.addEventListener("message", (event) => void this.dispatch(this.protocol?.onOpenAI(event.data, Date.now()) ?? []));
      socket.addEventListener("close", () => void this.dispatch(this.protocol?.onClosed("openai_closed") ?? []));
      socket.addEventListener("error", () => void this.dispatch(this.protocol?.onClosed("openai_closed") ?? []));
      socket.send(JSON.stringify(sessionUpdate({ model: config.OPENAI_REALTIME_MODEL, instructions: setup.instructions, voice: setup.voice })));
      socket.send(JSON.stringify({ type: "response.create", response: { instructions: setup.openingLine } }));
      for (const message of this.pendingToOpenAI.splice(0)) socket.send(message);
      this.log.info("call_bridge_connected", { call_id: setup.tool.callId });
    } catch (error) {
      this.log.error("openai_connect_failed", { error: error instanceof Error ? error.message : String(error) });
      await this.dispatch(this.protocol?.onClosed("openai_closed") ?? []);
    }
  }

  private toOpenAI(message: string) {
    if (this.openai) this.send(this.openai, message);
    else if (this.pendingToOpenAI.length < 100) this.pendingToOpenAI.push(message);
  }

  private send(socket: WebSocket | null, message: string) {
    try {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(message);
    } catch (error) {
      this.log.warn("socket_send_failed", { error: String(error) });
    }
  }

  private async tool(callId: string, name: string, args: string) {
    if (!this.setup || !this.protocol) return;
    const config = readConfig(this.env);
    const output = await runTool(name, args, this.setup.tool, {
      db: liveServices.database(this.env, config),
      config,
      twilio: liveServices.twilio(config),
      log: this.log,
    });
    this.log.info("call_tool", { tool: name, ok: output.ok });
    if (name === "end_call" && output.ok) this.protocol.requestEnd();
    await this.dispatch(this.protocol.toolResult(callId, output));
  }

  /** Everything ends once: sockets closed, the call hung up if it was us, the transcript saved, analysis scheduled. */
  private async finish(reason: string) {
    if (this.finished) return;
    this.finished = true;
    if (this.ticker) clearInterval(this.ticker);
    for (const socket of [this.openai, this.twilio]) {
      try {
        socket?.close(1000, "Call ended");
      } catch {
        // already closed
      }
    }
    const setup = this.setup;
    if (!setup) return;
    const config = readConfig(this.env);
    if (reason === "time_limit" || reason === "agent_ended") {
      await liveServices
        .twilio(config)
        ?.updateCall(setup.tool.callSid, { status: "completed" })
        .catch((error: unknown) => this.log.warn("hangup_failed", { error: String(error) }));
    }
    const db = liveServices.database(this.env, config);
    await db
      .update(calls)
      .set({ transcript: JSON.stringify(this.transcript), endedAt: new Date(), processingStatus: "pending", nextAttemptAt: new Date() })
      .where(eq(calls.id, setup.tool.callId));
    this.log.info("call_ended", { call_id: setup.tool.callId, reason, turns: this.transcript.length });
    await this.ctx.storage.setAlarm(Date.now() + 500);
  }

  /** Analyse (again) now: after "Re-run AI Analysis", or a retry the cron found due. */
  async reprocess(callId: string): Promise<void> {
    await this.ctx.storage.put("analysisCallId", callId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** Post-call analysis, retried with backoff by re-arming the alarm until processed or failed; then the follow-up text. */
  override async alarm(): Promise<void> {
    const setup = this.setup ?? (await this.ctx.storage.get<CallSetup>("setup"));
    const callId = (await this.ctx.storage.get<string>("analysisCallId")) ?? setup?.tool.callId;
    if (!callId) return;
    const next = await analyzeDueCall(this.env, callId);
    if (next) await this.ctx.storage.setAlarm(next.getTime());
    else await sendFollowUpText(this.env, callId);
  }
}
