import type { UrlPolicy } from "@nikki/core/url-guard";
import type { Logger } from "../logger";
import { constantTimeEqual } from "@nikki/core/twilio-signature";
import { type BridgeAction, BridgeProtocol, greetingResponse } from "../call/protocol";
import { bridgeSession } from "../call/bridge-session";
import { type StreamTicket, checkTicket } from "../call/stream-ticket";
import { closeQuietly, modelSocket } from "./model-socket";
import type { ControlPlane } from "./control-client";
import type { CallEnd, CallEndReason, RealtimeTarget, StoredPlan, TranscriptEntry } from "../call/plan";
import type { OwnerCommand } from "../call/live";
import { LiveFeed } from "./live-feed";
import { OwnerCommands } from "./owner-commands";
import { Listeners } from "./listeners";
import { EndDelivery, type MediaStorage } from "./end-delivery";

/** How many of the caller's first turns a tool request carries (issue 37 §4: their language is told from them). */
const CALLER_TURNS = 3;
const TOOL_FAILED = "That did not work just now. Apologise and offer to take a message instead.";

export interface MediaCallDeps {
  callSid: string;
  /** Which of the call's streams (call/plan.ts MediaPlan.segment): 1 unless the agent is back after a transfer. */
  segment?: number;
  storage: MediaStorage;
  /** The greetings rendered ahead (MediaPlan.greetingKey); none: the model always says the greeting. */
  greetings?: Pick<KVNamespace, "get">;
  control: ControlPlane;
  log: Logger;
  /** The URL guard's policy of this deployment, from the media plane's own configuration. */
  urlPolicy: UrlPolicy;
  /** The DoH resolver a business's realtime host is resolved with before connecting (call/doh.ts). */
  dohUrl: string;
  /** The secret listen tickets are signed with (call/listen-ticket.ts); none: nobody can listen. */
  listenSecret?: string;
}

/**
 * One live call's audio, in the media plane: Twilio's media stream on one side, the OpenAI Realtime session on the
 * other, the protocol in between. It holds no database and no provider account: the control plane hands it the call's
 * plan when the stream arrives, runs the tools the model calls, and keeps the call's end. Its Durable Object is
 * MediaSession. Nothing is stored unless the call's end must wait to be handed over (end-delivery.ts).
 */
export class MediaCall {
  private twilio: WebSocket | null = null;
  private openai: WebSocket | null = null;
  /** The model's session, opening since the stream arrived; `openai` once its ticket is redeemed. */
  private opening: Promise<WebSocket | null> | null = null;
  private pendingToOpenAI: string[] = [];
  private protocol: BridgeProtocol | null = null;
  private plan: StoredPlan | null = null;
  private realtime: RealtimeTarget | null = null;
  private transcript: TranscriptEntry[] = [];
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The one timer the protocol asked for (a filler's time: call/tool-fillers.ts). */
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private finished = false;
  /** When Twilio's stream started (the protocol's transcript times count from it). */
  private streamStartedAt: number | null = null;
  /** The stream's one-time ticket, from its plan (in memory: the stream lives as long as this object). */
  private ticket: StreamTicket | undefined;
  /** The greeting rendered ahead, looked up as the plan came. */
  private greeting: Promise<string | null> = Promise.resolve(null);
  private readonly greetings: MediaCallDeps["greetings"];
  private readonly ending: EndDelivery;
  private readonly control: ControlPlane;
  private readonly log: Logger;
  private readonly callSid: string;
  private readonly segment: number;
  private readonly urlPolicy: UrlPolicy;
  private readonly dohUrl: string;
  /** The live view's lines, to the control plane (live-feed.ts), and an owner's commands from it (owner-commands.ts). */
  private readonly feed: LiveFeed;
  private readonly commands: OwnerCommands;
  /** Members listening in (listeners.ts): the audio below is forked to them while `listeners.count` is not 0. */
  private readonly listeners: Listeners;

  constructor(deps: MediaCallDeps) {
    this.ending = new EndDelivery(deps.storage, deps.control, deps.callSid, deps.log);
    this.greetings = deps.greetings;
    this.control = deps.control;
    this.log = deps.log;
    this.callSid = deps.callSid;
    this.segment = deps.segment ?? 1;
    this.urlPolicy = deps.urlPolicy;
    this.dohUrl = deps.dohUrl;
    this.feed = new LiveFeed(
      (batch) => this.control.live(this.callSid, batch),
      (fromTurn) => this.protocol?.metrics.live(fromTurn) ?? null,
      this.log,
      this.segment,
    );
    this.commands = new OwnerCommands({
      live: () => (this.protocol && this.openai && !this.finished ? { protocol: this.protocol, sendToModel: (json) => this.toOpenAI(json) } : null),
      dispatch: (actions) => this.dispatch(actions),
      handOver: () => this.control.handOver(this.callSid, this.segment),
      log: this.log,
    });
    this.listeners = new Listeners({
      callSid: this.callSid,
      segment: this.segment,
      secret: deps.listenSecret,
      stillAllowed: (organizationId, userIds) => this.control.listening(this.callSid, organizationId, userIds),
      log: this.log,
    });
  }

  /** A member's socket to listen in, with its ticket (listeners.ts); one that comes before Twilio's stream hears it from its start. */
  listen(request: Request): Promise<Response> {
    return this.listeners.accept(request, !this.finished);
  }

  /** An owner's command from the control plane (issue 56); false when this stream cannot take it (not live, or over). */
  command(command: OwnerCommand): boolean {
    return this.commands.run(command);
  }

  /** How many members listen to this stream now (the control plane asks before it grants a listen). */
  listening(): number {
    return this.listeners.count;
  }

  /**
   * The stream's plan, from the control plane, which hands it over only for a stream signed as it expects: the model's
   * session opens now, while Twilio sends the stream's start, and the greeting rendered ahead is looked up.
   */
  private async planFor(signature: string): Promise<StoredPlan | null> {
    const request = { signature, ...(this.segment > 1 ? { segment: this.segment } : {}) };
    const plan = await this.control.plan(this.callSid, request).catch((error: unknown) => {
      this.log.warn("stream_plan_unavailable", { error: error instanceof Error ? error.message : String(error) });
      return null;
    });
    if (!plan || this.plan) return this.plan ?? null;
    const { realtime, ...kept } = plan;
    this.plan = kept;
    this.realtime = realtime;
    this.ticket = { tokenHash: plan.ticketHash, expiresAt: plan.ticketExpiresAt, redeemed: false };
    this.opening = this.openSession(realtime, kept);
    const key = plan.greetingKey;
    this.greeting = key && this.greetings ? this.greetings.get(key).catch(() => null) : Promise.resolve(null);
    // No render yet (the first call after a change): the control plane renders it for the next call.
    if (key) void this.greeting.then((frames) => (frames === null ? this.control.greetingMissing(this.callSid) : undefined)).catch(() => undefined);
    return kept;
  }

  /** Twilio's media stream: signed as the plan expects (its URL, by the account that holds the number), once per call. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const signature = request.headers.get("x-twilio-signature") ?? "";
    // Unsigned is refused at once; a signed one gets its plan only if the control plane expects that signature.
    const plan = signature ? (this.plan ?? (await this.planFor(signature))) : null;
    if (!plan?.streamSignatures.some((expected) => constantTimeEqual(expected, signature))) {
      this.log.warn("twilio_stream_refused", { reason: !signature ? "unsigned" : this.plan ? "signature" : "unknown_call" });
      return new Response("Forbidden", { status: 403 });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    // One stream per call: a second connection (a replayed ticket, a reconnect after the end) is closed at once.
    if (this.twilio || this.finished) {
      server.close(1008, "This call already has its stream");
      return new Response(null, { status: 101, webSocket: client });
    }
    this.twilio = server;
    const protocol = new BridgeProtocol({
      maxCallMs: plan.maxCallSeconds * 1000,
      goodbyeInstructions: plan.goodbye,
      screenTalkOver: plan.screenTalkOver,
      fillers: plan.fillers,
      openingLine: plan.openingLine,
      interruptionMinMs: plan.interruptionMinMs,
      speechEndLagMs: bridgeSession(plan.sessionUpdate).silenceWindowMs,
    });
    this.protocol = protocol;
    server.addEventListener("message", (event) => this.dispatch(protocol.onTwilio(event.data, Date.now())));
    const stopped = () => this.dispatch(protocol.onClosed("twilio_stop"));
    server.addEventListener("close", stopped);
    server.addEventListener("error", stopped);
    return new Response(null, { status: 101, webSocket: client });
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

  /** Synchronous for the 20 ms frames (no promise per frame); the rare actions that wait run on their own. */
  private dispatch(actions: BridgeAction[]): void {
    for (const action of actions) {
      switch (action.kind) {
        case "twilio":
          this.send(this.twilio, JSON.stringify(action.message));
          if (this.listeners.count && action.message.event === "clear") this.listeners.clear();
          break;
        case "openai":
          if (!this.toOpenAI(JSON.stringify(action.event)) && action.event.type === "input_audio_buffer.append") this.protocol?.inputDropped();
          break;
        case "twilio_json":
          this.send(this.twilio, action.json);
          if (this.listeners.count) this.listeners.agent(action.json);
          break;
        case "openai_json":
          // The caller's audio: a frame the model never gets is one its times do not count (turn-taking.ts).
          if (!this.toOpenAI(action.json)) this.protocol?.inputDropped();
          if (this.listeners.count) this.listeners.caller(action.json);
          break;
        case "started":
          this.streamStartedAt = Date.now();
          // The stream's path named this object's call; its start message must name the same one. Audio that
          // arrives meanwhile waits in pendingToOpenAI until the ticket is checked and the session is there.
          void this.started(action.callSid === this.callSid ? action.parameters.token : undefined).catch((error: unknown) =>
            this.failStream("stream_start_failed", error),
          );
          break;
        case "transcript": {
          const entry: TranscriptEntry = {
            role: action.role,
            content: action.text,
            // When it was said, from the stream's start: the greeting's entry is written once it is over.
            timestamp: new Date((this.streamStartedAt ?? Date.now()) + action.atMs).toISOString(),
            ...(action.language ? { language: action.language } : {}),
          };
          this.transcript.push(entry);
          this.feed.line(entry);
          break;
        }
        case "hand_over":
          this.commands.handOver();
          break;
        case "tool":
          void this.tool(action.callId, action.name, action.arguments);
          break;
        case "wake":
          if (this.wakeTimer) clearTimeout(this.wakeTimer);
          if (!this.finished) this.wakeTimer = setTimeout(() => this.dispatch(this.protocol?.onWake(Date.now()) ?? []), Math.max(0, action.at - Date.now()));
          break;
        case "end":
          void this.finish(action.reason).catch((error: unknown) => this.log.error("call_finish_failed", { error: String(error) }));
          break;
      }
    }
  }

  /** The stream's ticket must be this call's, unused and in time, before anything reaches OpenAI. */
  private async started(token: string | undefined) {
    const verdict = await checkTicket(this.ticket, token, Date.now());
    if (verdict !== "ok" || !this.plan) {
      this.log.warn("stream_ticket_refused", { verdict });
      this.twilio?.close(1008, "Invalid stream ticket");
      // The control plane handed the plan over, so it waits for this stream's end: an empty one (nothing to analyse).
      return this.finish("twilio_stop");
    }
    this.ticket = { ...this.ticket!, redeemed: true };
    // The greeting rendered ahead plays now, while the model's session may still be opening.
    const greeting = await this.greeting;
    if (greeting) this.dispatch(this.protocol?.playGreeting(greeting, Date.now()) ?? []);
    await this.connectOpenAI(this.plan, greeting !== null);
    this.ticker = setInterval(() => this.dispatch(this.protocol?.onTick(Date.now()) ?? []), 1000);
  }

  /** Opens and configures the model's session; the greeting waits for the stream (`connectOpenAI`). Null when it cannot. */
  private async openSession(realtime: RealtimeTarget, plan: StoredPlan): Promise<WebSocket | null> {
    try {
      const socket = await modelSocket(realtime, this.urlPolicy, this.dohUrl);
      const closed = () => {
        // Closed before the stream came: a later stream opens a new session.
        if (!this.protocol) this.opening = null;
        this.dispatch(this.protocol?.onClosed("openai_closed") ?? []);
      };
      socket.addEventListener("message", (event) => this.dispatch(this.protocol?.onOpenAI(event.data, Date.now()) ?? []));
      socket.addEventListener("close", closed);
      socket.addEventListener("error", closed);
      // Its turn detection reports the caller's speech; the bridge decides who talks (call/bridge-session.ts).
      socket.send(bridgeSession(plan.sessionUpdate).json);
      return socket;
    } catch (error) {
      this.log.error("openai_connect_failed", { error: error instanceof Error ? error.message : String(error) });
      this.opening = null;
      return null;
    }
  }

  /** The stream has started: the session opened as it arrived (or now, if that failed), the greeting unless `greeted`, then what waited. */
  private async connectOpenAI(plan: StoredPlan, greeted: boolean) {
    const openedWithStream = this.opening !== null;
    if (!this.opening) {
      const realtime = this.realtime ?? (await this.control.realtime(this.callSid).catch(() => null));
      this.opening = realtime ? this.openSession(realtime, plan) : Promise.resolve(null);
    }
    const socket = await this.opening;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      this.dispatch(this.protocol?.onClosed("openai_closed") ?? []);
      return;
    }
    this.openai = socket;
    if (!greeted) socket.send(JSON.stringify(greetingResponse(plan.openingLine)));
    for (const message of this.pendingToOpenAI.splice(0)) socket.send(message);
    // The model has every word the caller said so far: its own detector takes barge-in over from the bridge's.
    this.protocol?.modelReady();
    this.log.info("call_bridge_connected", { call_id: plan.callId, opened_with_stream: openedWithStream, greeted });
  }

  /** False when the message was dropped: the session is not open yet and enough waits for it. */
  private toOpenAI(message: string): boolean {
    if (this.openai) this.send(this.openai, message);
    else if (this.pendingToOpenAI.length < 100) this.pendingToOpenAI.push(message);
    else return false;
    return true;
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

  /** The control plane runs the tool (it holds the database and the accounts); its output goes back to the model. */
  private async tool(callId: string, name: string, args: string) {
    if (!this.protocol) return;
    const started = Date.now();
    // The caller's first turns tell the control plane their language (its words are the control plane's to read).
    const callerTurns = this.transcript.filter((entry) => entry.role === "user").slice(0, CALLER_TURNS);
    const output = await this.control.tool(this.callSid, { name, arguments: args, ...(callerTurns.length ? { callerTurns } : {}) }).catch((error: unknown) => {
      this.log.error("tool_failed", { tool: name, error: error instanceof Error ? error.message : String(error) });
      return { ok: false as const, error: TOOL_FAILED };
    });
    this.protocol.metrics.tool(name, Date.now() - started, output.ok);
    if (name === "end_call" && output.ok) this.protocol.requestEnd();
    if (name === "transfer_call" && output.ok) this.listeners.putThrough();
    this.dispatch(this.protocol.toolResult(callId, output, Date.now()));
  }

  /**
   * Everything ends once: the model's session closed, the call's end handed to the control plane (retried by the
   * alarm), then Twilio's stream closed. In that order because the control plane tells Twilio what comes next (hang
   * up, or the apology and a message); a stream closed before that would send Twilio to the <Connect> action, which
   * offers a message to a caller who has not been told anything else.
   */
  private async finish(reason: CallEndReason) {
    if (this.finished) return;
    this.finished = true;
    if (this.ticker) clearInterval(this.ticker);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.commands.stop();
    this.listeners.end(this.commands.tookOver);
    const lastLines = this.feed.flush();
    closeQuietly(this.openai ?? (await this.opening));
    await lastLines;
    const end: CallEnd = { reason, transcript: this.transcript, metrics: this.protocol ? this.protocol.metrics.summary() : null };
    // A segment after the first (the agent again after a transfer) names itself; the first is sent as it always was.
    if (this.plan?.segment && this.plan.segment > 1) end.segment = this.plan.segment;
    if (await this.ending.deliver(end, this.plan?.callId ?? null)) this.plan = null;
    closeQuietly(this.twilio);
  }

  /** A call's end the control plane did not take yet: delivered again, with a growing wait, until it is kept. */
  async alarm(): Promise<void> {
    if (await this.ending.alarm()) this.plan = null;
  }
}
