import { DurableObject } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { placeholders, preparedQuery } from "../db/prepared";
import { calls } from "../db/schema";
import { type Bindings, readConfig } from "../env";
import { type Logger, type LogLevel, createLogger } from "../http/logger";
import { type Services, liveServices, withProvidersOnce } from "../services";
import { analyzeDueCall } from "./analysis";
import { sendCallAlert } from "./call-alerts";
import { recordNeverStreamed } from "./call-status";
import { postCallFacts } from "./post-call-facts";
import { messageAfterDrop } from "./dropped-call";
import { sendFollowUpText } from "./follow-up";
import { type BridgeAction, BridgeProtocol } from "./protocol";
import { sessionUpdate } from "./realtime-session";
import type { CallSessionRpc, CallSetup, TranscriptEntry } from "./setup";
import { type StreamTicket, TICKET_TTL_MS, checkTicket } from "./stream-ticket";

/** The call's end as the bridge saw it: its transcript and latency figures, analysis due now. */
const endCallQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set({ ...placeholders("transcript", "metrics", "endedAt", "nextAttemptAt"), processingStatus: "pending" })
    .where(eq(calls.id, sql.placeholder("id")))
    .prepare(),
);

/** How long a session opened at the webhook waits for Twilio's stream before it is closed. */
export const PREOPEN_TTL_MS = 10_000;
import { runTool } from "./tools";

/**
 * One live call (keyed by CallSid): Twilio's media stream on one side, the OpenAI Realtime session on the
 * other, the protocol in between. Ends once, writes the transcript, then analyses the call from an alarm.
 */
export class CallSession extends DurableObject<Bindings> implements CallSessionRpc {
  private twilio: WebSocket | null = null;
  private openai: WebSocket | null = null;
  /** The model's session, opening or open since the webhook; `openai` once the stream has started. */
  private opening: Promise<WebSocket | null> | null = null;
  private unusedSessionTimer: ReturnType<typeof setTimeout> | null = null;
  /** The protocol being set up for the stream's first messages. */
  private loading: Promise<void> | null = null;
  private pendingToOpenAI: string[] = [];
  private protocol: BridgeProtocol | null = null;
  private setup: CallSetup | null = null;
  private transcript: TranscriptEntry[] = [];
  private ticker: ReturnType<typeof setInterval> | null = null;
  private finished = false;
  private log: Logger;
  /** The live call's services: the organization's provider accounts are read once for the whole call. */
  private readonly services: Services;
  private readonly unscopedServices: Services;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    const config = readConfig(env);
    this.unscopedServices = liveServices(env, config);
    this.services = withProvidersOnce(this.unscopedServices);
    this.log = createLogger({ component: "call_session" }, config.LOG_LEVEL as LogLevel);
  }

  /**
   * Called by the voice webhook: the call's setup and the hash of its one-time stream token. The model's session
   * opens now, while Twilio connects the stream, so the greeting does not wait for its handshake; it is closed if no
   * stream has come PREOPEN_TTL_MS later.
   */
  async prepare(setup: CallSetup, tokenHash: string): Promise<void> {
    const ticket: StreamTicket = { tokenHash, expiresAt: Date.now() + TICKET_TTL_MS, redeemed: false };
    await this.ctx.storage.put({ setup, ticket });
    this.setup = setup;
    this.opening ??= this.openSession(setup);
    // In memory, like the socket it guards (an evicted object loses both); an alarm would cost a storage write per call.
    this.unusedSessionTimer = setTimeout(() => void this.closeUnusedSession(), PREOPEN_TTL_MS);
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
    this.log = createLogger({ component: "call_session", call_sid: this.ctx.id.name ?? null }, this.services.config.LOG_LEVEL as LogLevel);
    this.twilio = server;
    server.addEventListener("message", (event) => this.fromTwilio(event.data));
    server.addEventListener("close", () => this.dispatch(this.protocol?.onClosed("twilio_stop") ?? []));
    server.addEventListener("error", () => this.dispatch(this.protocol?.onClosed("twilio_stop") ?? []));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Twilio's messages, in order: the first few wait for the protocol (setup read back if the object was evicted), then each is handled at once. */
  private fromTwilio(data: unknown) {
    if (this.protocol) return this.dispatch(this.protocol.onTwilio(data, Date.now()));
    this.loading = (this.loading ?? this.loadProtocol())
      .then(() => this.dispatch(this.protocol!.onTwilio(data, Date.now())))
      .catch((error: unknown) => this.failStream("stream_setup_failed", error));
  }

  /** Something failed on our side: the stream is closed with a reason Twilio logs (1011), never left hanging open. */
  private failStream(event: string, error: unknown) {
    this.log.error(event, { error: error instanceof Error ? error.message : String(error) });
    try {
      this.twilio?.close(1011, "The call could not continue: an internal error on the voice bridge");
    } catch {
      // Already closed.
    }
  }

  private async loadProtocol() {
    this.setup ??= (await this.ctx.storage.get<CallSetup>("setup")) ?? null;
    this.protocol = new BridgeProtocol({
      maxCallMs: (this.setup?.maxCallSeconds ?? 900) * 1000,
      goodbyeInstructions: this.setup?.goodbye ?? "Say goodbye.",
    });
  }

  /** Synchronous for the 20 ms frames (no promise per frame); the rare actions that wait run on their own. */
  private dispatch(actions: BridgeAction[]): void {
    for (const action of actions) {
      switch (action.kind) {
        case "twilio":
          this.send(this.twilio, JSON.stringify(action.message));
          break;
        case "openai":
          this.toOpenAI(JSON.stringify(action.event));
          break;
        case "twilio_json":
          this.send(this.twilio, action.json);
          break;
        case "openai_json":
          this.toOpenAI(action.json);
          break;
        case "started":
          // The stream's path named this object's call; its start message must name the same one. Audio that
          // arrives meanwhile waits in pendingToOpenAI until the ticket is checked and the session is there.
          void this.started(action.callSid === this.ctx.id.name ? action.parameters.token : undefined).catch((error: unknown) =>
            this.failStream("stream_start_failed", error),
          );
          break;
        case "transcript":
          this.transcript.push({ role: action.role, content: action.text, timestamp: new Date().toISOString() });
          break;
        case "tool":
          void this.tool(action.callId, action.name, action.arguments);
          break;
        case "end":
          void this.finish(action.reason).catch((error: unknown) => this.log.error("call_finish_failed", { error: String(error) }));
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
      void this.closeUnusedSession();
      return;
    }
    await this.ctx.storage.put("ticket", { ...ticket!, redeemed: true });
    await this.connectOpenAI(this.setup);
    this.ticker = setInterval(() => this.dispatch(this.protocol?.onTick(Date.now()) ?? []), 1000);
  }

  /** Opens and configures the model's session; the greeting waits for the stream (`connectOpenAI`). Null when it cannot. */
  private async openSession(setup: CallSetup): Promise<WebSocket | null> {
    const model = this.services.config.OPENAI_REALTIME_MODEL;
    try {
      // The platform's key unless the organization brought its own (whose account pays: DESIGN.md).
      const openai =
        setup.ownOpenAiKey === false && this.services.openai ? this.services.openai : (await this.services.providersFor(setup.tool.organizationId)).openai;
      if (!openai) throw new Error("OpenAI is not configured for this organization");
      const socket = await openai.connectRealtime(model);
      const closed = () => {
        // Closed before the stream came: a later stream opens a new session.
        if (!this.protocol) this.opening = null;
        this.dispatch(this.protocol?.onClosed("openai_closed") ?? []);
      };
      socket.addEventListener("message", (event) => this.dispatch(this.protocol?.onOpenAI(event.data, Date.now()) ?? []));
      socket.addEventListener("close", closed);
      socket.addEventListener("error", closed);
      socket.send(JSON.stringify(sessionUpdate({ model, instructions: setup.instructions, voice: setup.voice, tools: setup.tool.tools })));
      return socket;
    } catch (error) {
      this.log.error("openai_connect_failed", { error: error instanceof Error ? error.message : String(error) });
      this.opening = null;
      return null;
    }
  }

  /** The stream is here: the session opened at the webhook (or now, if it is gone), the greeting, then what waited. */
  private async connectOpenAI(setup: CallSetup) {
    if (this.unusedSessionTimer) clearTimeout(this.unusedSessionTimer);
    const preopened = this.opening !== null;
    const socket = await (this.opening ??= this.openSession(setup));
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      this.dispatch(this.protocol?.onClosed("openai_closed") ?? []);
      return;
    }
    this.openai = socket;
    socket.send(JSON.stringify({ type: "response.create", response: { instructions: setup.openingLine } }));
    for (const message of this.pendingToOpenAI.splice(0)) socket.send(message);
    this.log.info("call_bridge_connected", { call_id: setup.tool.callId, preopened });
  }

  private toOpenAI(message: string) {
    if (this.openai) this.send(this.openai, message);
    else if (this.pendingToOpenAI.length < 100) this.pendingToOpenAI.push(message);
  }

  /** Sockets a send failed on (closed): skipped from then on. Cheaper per frame than asking each socket its readyState. */
  private readonly closedSockets = new WeakSet<WebSocket>();

  private send(socket: WebSocket | null, message: string) {
    if (!socket || this.closedSockets.has(socket)) return;
    try {
      socket.send(message);
    } catch (error) {
      this.closedSockets.add(socket);
      this.log.warn("socket_send_failed", { error: String(error) });
    }
  }

  private async tool(callId: string, name: string, args: string) {
    if (!this.setup || !this.protocol) return;
    const started = Date.now();
    const providers = await this.services.providersFor(this.setup.tool.organizationId);
    const output = await runTool(name, args, this.setup.tool, { db: this.services.db, providers, log: this.log });
    this.protocol.metrics.tool(name, Date.now() - started, output.ok);
    this.log.info("call_tool", { tool: name, ok: output.ok });
    if (name === "end_call" && output.ok) this.protocol.requestEnd();
    this.dispatch(this.protocol.toolResult(callId, output));
  }

  /** Everything ends once: sockets closed, the call hung up if it was us, the transcript saved, analysis scheduled. */
  private async finish(reason: string) {
    if (this.finished) return;
    this.finished = true;
    if (this.ticker) clearInterval(this.ticker);
    for (const socket of [this.openai ?? (await this.opening), this.twilio]) {
      try {
        socket?.close(1000, "Call ended");
      } catch {
        // already closed
      }
    }
    const setup = this.setup;
    if (!setup) return;
    // Twilio knows no test call (the Test Suite's caller hangs up itself).
    const origin = this.services.config.publicOrigin;
    const update =
      reason === "time_limit" || reason === "agent_ended"
        ? ({ status: "completed" } as const)
        : reason === "openai_closed" && origin
          ? { twiml: messageAfterDrop(origin) }
          : null;
    if (update && !setup.tool.test) {
      if (reason === "openai_closed") this.log.warn("model_connection_dropped", { call_id: setup.tool.callId });
      const { twilio } = await (await this.services.providersFor(setup.tool.organizationId)).forNumber(setup.tool.businessNumber);
      await twilio?.updateCall(setup.tool.callSid, update).catch((error: unknown) => this.log.warn("call_update_failed", { reason, error: String(error) }));
    }
    const now = new Date();
    await endCallQuery(this.services.db).run({
      id: setup.tool.callId,
      transcript: JSON.stringify(this.transcript),
      metrics: this.protocol ? JSON.stringify(this.protocol.metrics.summary()) : null,
      endedAt: now,
      nextAttemptAt: now,
    });
    this.log.info("call_ended", { call_id: setup.tool.callId, reason, turns: this.transcript.length });
    await this.services.publishCall(setup.tool.organizationId, { id: setup.tool.callId, processing_status: "pending" });
    await this.ctx.storage.setAlarm(Date.now() + 500);
  }

  /** Twilio never connected the stream (or it was refused): the session opened for it is closed (the call may still stream later). */
  private async closeUnusedSession() {
    if (this.unusedSessionTimer) clearTimeout(this.unusedSessionTimer);
    if ((this.twilio && !this.finished) || !this.opening) return;
    const socket = await this.opening;
    this.opening = null;
    socket?.close(1000, "No media stream");
    this.log.info("preopened_session_closed", { call_sid: this.ctx.id.name ?? null });
  }

  /**
   * Twilio reported the call over. One whose stream never started (the caller hung up first, or its ticket was
   * refused) keeps nothing: its pre-opened session closes and its storage (the setup with the caller's number, the
   * unused ticket) is deleted, and the call is recorded as one the AI never took (recordNeverStreamed). A streamed
   * call is forgotten after its analysis (`alarm`).
   */
  async callEnded(): Promise<void> {
    if (this.twilio && !this.finished) return;
    if ((await this.ctx.storage.get<StreamTicket>("ticket"))?.redeemed) return;
    await this.closeUnusedSession();
    await this.ctx.storage.deleteAll();
    if (this.ctx.id.name) await recordNeverStreamed(this.services, this.ctx.id.name);
  }

  /** Analyse (again) now: after "Re-run AI Analysis", or a retry the cron found due. */
  async reprocess(callId: string): Promise<void> {
    await this.ctx.storage.put("analysisCallId", callId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /**
   * Post-call analysis, retried with backoff by re-arming the alarm until processed or failed; then the follow-up
   * text and the alert, and this object forgets the call.
   */
  override async alarm(): Promise<void> {
    const setup = this.setup ?? (await this.ctx.storage.get<CallSetup>("setup"));
    const callId = (await this.ctx.storage.get<string>("analysisCallId")) ?? setup?.tool.callId;
    if (!callId) return;
    // Each run reads the accounts afresh (a retry may come after the business changed them), then once for all its steps.
    const services = withProvidersOnce(this.unscopedServices);
    const next = await analyzeDueCall(services, callId);
    if (next) return this.ctx.storage.setAlarm(next.getTime());
    const facts = await postCallFacts(services.db, callId);
    await sendFollowUpText(services, callId, facts);
    await sendCallAlert(services, callId, facts).catch((error: unknown) => this.log.warn("call_alert_failed", { error: String(error) }));
    // The call lives on in the database, under its retention rule; this object's copy of its setup (the caller's
    // number among it) and its spent ticket would otherwise stay in Durable Object storage for good.
    await this.ctx.storage.deleteAll();
  }
}
