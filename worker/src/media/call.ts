import { URL_REFUSAL_REASONS, type UrlPolicy, urlRefusal } from "@nikki/core/url-guard";
import type { Logger } from "../logger";
import { constantTimeEqual } from "../call/twilio-signature";
import { type BridgeAction, BridgeProtocol, greetingResponse } from "../call/protocol";
import { type StreamTicket, TICKET_TTL_MS, checkTicket } from "../call/stream-ticket";
import type { ControlPlane } from "./control-client";
import type { CallEnd, CallEndReason, MediaPlan, Prepared, RealtimeTarget, Released, TranscriptEntry } from "../call/plan";

/** How long a session opened at the webhook waits for Twilio's stream before it is closed. */
export const PREOPEN_TTL_MS = 10_000;
/**
 * The webhook answers Twilio before it hands the plan over, so a stream may arrive first: it waits this long for its
 * plan before it is refused. The plan leaves as the answer does and Twilio still has to read the TwiML and connect, so
 * it is there within milliseconds; a forged stream for a call that has none waits no longer than this.
 */
export const PLAN_WAIT_MS = 2_000;
/** Delivering a call's end to the control plane is retried this many times (backoff from 1 s) before it is given up. */
const END_DELIVERIES = 8;
/** How many of the caller's first turns a tool request carries (issue 37 §4: their language is told from them). */
const CALLER_TURNS = 3;
const TOOL_FAILED = "That did not work just now. Apologise and offer to take a message instead.";

/** The plan as stored: everything but the model's key, which stays in memory. */
type StoredPlan = Omit<MediaPlan, "realtime">;

/** The part of a Durable Object's storage a call's media needs (a test may hand in its own, to refuse a write). */
export type MediaStorage = Pick<DurableObjectStorage, "get" | "put" | "deleteAll" | "setAlarm">;

export interface MediaCallDeps {
  callSid: string;
  storage: MediaStorage;
  /** The greetings rendered ahead (MediaPlan.greetingKey); none: the model always says the greeting. */
  greetings?: Pick<KVNamespace, "get">;
  control: ControlPlane;
  log: Logger;
  /** The URL guard's policy of this deployment, from the media plane's own configuration. */
  urlPolicy: UrlPolicy;
}

/**
 * One live call's audio, in the media plane: Twilio's media stream on one side, the OpenAI Realtime session on the
 * other, the protocol in between. It holds no database and no provider account; the control plane hands it the call's
 * plan at the webhook, runs the tools the model calls, and keeps the call's end. Its Durable Object is MediaSession.
 */
export class MediaCall {
  private twilio: WebSocket | null = null;
  private openai: WebSocket | null = null;
  /** The model's session, opening or open since the webhook; `openai` once the stream has started. */
  private opening: Promise<WebSocket | null> | null = null;
  private unusedSessionTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingToOpenAI: string[] = [];
  private protocol: BridgeProtocol | null = null;
  private plan: StoredPlan | null = null;
  private realtime: RealtimeTarget | null = null;
  private transcript: TranscriptEntry[] = [];
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The one timer the protocol asked for (a filler's time: call/tool-fillers.ts). */
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private finished = false;
  /** The stream started (its ticket redeemed): kept in memory too, since the end's delivery empties storage. */
  private streamed = false;
  /** Streams that arrived before their plan, woken when it comes. */
  private planWaiters: (() => void)[] = [];
  /** The greeting rendered ahead, looked up at prepare (in memory: an object evicted before its stream lets the model say it). */
  private greeting: Promise<string | null> = Promise.resolve(null);
  private readonly greetings: MediaCallDeps["greetings"];
  private readonly storage: MediaStorage;
  private readonly control: ControlPlane;
  private readonly log: Logger;
  private readonly callSid: string;
  private readonly urlPolicy: UrlPolicy;

  constructor(deps: MediaCallDeps) {
    this.storage = deps.storage;
    this.greetings = deps.greetings;
    this.control = deps.control;
    this.log = deps.log;
    this.callSid = deps.callSid;
    this.urlPolicy = deps.urlPolicy;
  }

  /**
   * From the voice webhook: the call's plan. The model's session opens now, while Twilio connects the stream, so the
   * greeting does not wait for its handshake; it is closed if no stream has come PREOPEN_TTL_MS later.
   */
  async prepare(plan: MediaPlan): Promise<Prepared> {
    const { realtime, ...stored } = plan;
    const key = plan.greetingKey;
    this.greeting = key && this.greetings ? this.greetings.get(key).catch(() => null) : Promise.resolve(null);
    const ticket: StreamTicket = { tokenHash: plan.ticketHash, expiresAt: Date.now() + TICKET_TTL_MS, redeemed: false };
    await this.storage.put({ plan: stored, ticket });
    this.plan = stored;
    this.realtime = realtime;
    for (const wake of this.planWaiters.splice(0)) wake();
    this.opening ??= this.openSession(realtime, stored);
    // In memory, like the socket it guards (an evicted object loses both); an alarm would cost a storage write per call.
    if (this.unusedSessionTimer) clearTimeout(this.unusedSessionTimer);
    this.unusedSessionTimer = setTimeout(() => void this.closeUnusedSession(), PREOPEN_TTL_MS);
    return { greeting: (await this.greeting) !== null };
  }

  /** Twilio's media stream: signed as the plan expects (its URL, by the account that holds the number), once per call. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const signature = request.headers.get("x-twilio-signature") ?? "";
    // Unsigned is refused at once; a signature can only be checked against the plan, which may still be on its way.
    if (signature) this.plan ??= (await this.storage.get<StoredPlan>("plan")) ?? (await this.planWithin(PLAN_WAIT_MS));
    if (!this.plan?.streamSignatures.some((expected) => constantTimeEqual(expected, signature))) {
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
      maxCallMs: this.plan.maxCallSeconds * 1000,
      goodbyeInstructions: this.plan.goodbye,
      screenTalkOver: this.plan.screenTalkOver,
      // A plan stored before fillers existed (a call under way at a deploy) has none.
      fillers: this.plan.fillers ?? [],
      openingLine: this.plan.openingLine,
    });
    this.protocol = protocol;
    server.addEventListener("message", (event) => this.dispatch(protocol.onTwilio(event.data, Date.now())));
    const stopped = () => this.dispatch(protocol.onClosed("twilio_stop"));
    server.addEventListener("close", stopped);
    server.addEventListener("error", stopped);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The plan, once prepare() brings it; null when it has not come within `ms` (or the call was already let go). */
  private planWithin(ms: number): Promise<StoredPlan | null> {
    if (this.finished) return Promise.resolve(null);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.plan);
      };
      const timer = setTimeout(() => {
        this.planWaiters = this.planWaiters.filter((waiter) => waiter !== wake);
        resolve(this.plan);
      }, ms);
      this.planWaiters.push(wake);
    });
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
          void this.started(action.callSid === this.callSid ? action.parameters.token : undefined).catch((error: unknown) =>
            this.failStream("stream_start_failed", error),
          );
          break;
        case "transcript":
          this.transcript.push({
            role: action.role,
            content: action.text,
            timestamp: new Date().toISOString(),
            ...(action.language ? { language: action.language } : {}),
          });
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

  /** The stream's ticket must be this call's, unused and under 60 s old, before anything reaches OpenAI. */
  private async started(token: string | undefined) {
    const ticket = await this.storage.get<StreamTicket>("ticket");
    const verdict = await checkTicket(ticket, token, Date.now());
    if (verdict !== "ok" || !this.plan) {
      this.log.warn("stream_ticket_refused", { verdict });
      this.twilio?.close(1008, "Invalid stream ticket");
      this.finished = true;
      void this.closeUnusedSession();
      return;
    }
    // The greeting rendered ahead plays now, before the model's session is even looked at (looked up at prepare).
    const greeting = await this.greeting;
    if (greeting) this.dispatch(this.protocol?.playGreeting(greeting, Date.now()) ?? []);
    await this.storage.put("ticket", { ...ticket!, redeemed: true });
    this.streamed = true;
    await this.connectOpenAI(this.plan, greeting !== null);
    this.ticker = setInterval(() => this.dispatch(this.protocol?.onTick(Date.now()) ?? []), 1000);
  }

  /** Opens and configures the model's session; the greeting waits for the stream (`connectOpenAI`). Null when it cannot. */
  private async openSession(realtime: RealtimeTarget, plan: StoredPlan): Promise<WebSocket | null> {
    try {
      // A business's own realtime URL is guarded again here, in the plane that connects (a plan may predate the rule).
      const refusal = realtime.fromBusiness ? urlRefusal(realtime.url, "https", this.urlPolicy) : null;
      if (refusal) throw new Error(`The realtime URL is not allowed: ${URL_REFUSAL_REASONS[refusal]}`);
      // On Workers a websocket client is a fetch with an upgrade; a redirect is not followed.
      const response = await fetch(realtime.url, {
        headers: { upgrade: "websocket", authorization: `Bearer ${realtime.apiKey}` },
        redirect: "manual",
      });
      const socket = response.webSocket;
      if (!socket) throw new Error(`The model's session answered ${response.status}`);
      socket.accept();
      const closed = () => {
        // Closed before the stream came: a later stream opens a new session.
        if (!this.protocol) this.opening = null;
        this.dispatch(this.protocol?.onClosed("openai_closed") ?? []);
      };
      socket.addEventListener("message", (event) => this.dispatch(this.protocol?.onOpenAI(event.data, Date.now()) ?? []));
      socket.addEventListener("close", closed);
      socket.addEventListener("error", closed);
      socket.send(plan.sessionUpdate);
      return socket;
    } catch (error) {
      this.log.error("openai_connect_failed", { error: error instanceof Error ? error.message : String(error) });
      this.opening = null;
      return null;
    }
  }

  /** The stream is here: the session opened at the webhook (or now, if it is gone), the greeting unless `greeted`, then what waited. */
  private async connectOpenAI(plan: StoredPlan, greeted: boolean) {
    if (this.unusedSessionTimer) clearTimeout(this.unusedSessionTimer);
    const preopened = this.opening !== null;
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
    this.log.info("call_bridge_connected", { call_id: plan.callId, preopened, greeted });
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
    closeQuietly(this.openai ?? (await this.opening));
    const end: CallEnd = { reason, transcript: this.transcript, metrics: this.protocol ? this.protocol.metrics.summary() : null };
    // A segment after the first (the agent again after a transfer) names itself; the first is sent as it always was.
    if (this.plan?.segment && this.plan.segment > 1) end.segment = this.plan.segment;
    await this.deliverEnd(end, 1);
    closeQuietly(this.twilio);
  }

  /** A call's end the control plane did not take yet: delivered again, with a growing wait, until it is kept. */
  async alarm(): Promise<void> {
    const end = await this.storage.get<CallEnd>("end");
    if (end) await this.deliverEnd(end, ((await this.storage.get<number>("deliveries")) ?? 0) + 1);
  }

  /** Hands the end to the control plane; when it is not taken, it is kept here and tried again 2^(attempt-1) s later. */
  private async deliverEnd(end: CallEnd, attempt: number) {
    try {
      await this.control.ended(this.callSid, end);
      return this.forget();
    } catch (error) {
      this.log.warn("call_end_delivery_failed", { attempt, error: error instanceof Error ? error.message : String(error) });
    }
    if (attempt >= END_DELIVERIES) {
      this.log.error("call_end_lost", { call_id: this.plan?.callId ?? null });
      return this.forget();
    }
    await this.storage.put(attempt === 1 ? { end, deliveries: attempt } : { deliveries: attempt });
    await this.storage.setAlarm(Date.now() + 1000 * 2 ** (attempt - 1));
  }

  /** The call lives on in the control plane's database; this object's copy (the plan, the ticket) is not kept. */
  private forget() {
    this.plan = null;
    return this.storage.deleteAll();
  }

  /** Twilio never connected the stream (or it was refused): the session opened for it is closed. */
  private async closeUnusedSession() {
    if (this.unusedSessionTimer) clearTimeout(this.unusedSessionTimer);
    if ((this.twilio && !this.finished) || !this.opening) return;
    const socket = await this.opening;
    this.opening = null;
    socket?.close(1000, "No media stream");
    this.log.info("preopened_session_closed");
  }

  /**
   * Twilio reported the call over, before the control plane had its end. A call whose stream never started (the
   * caller hung up first, or its ticket was refused) keeps nothing here: its pre-opened session closes and its plan
   * and unused ticket are deleted. Answers whether the stream started.
   */
  async release(): Promise<Released> {
    // A call whose end was already handed over has an empty storage by now: memory says it streamed.
    if (this.streamed || (this.twilio && !this.finished)) return { streamed: true };
    const [ticket, end] = await Promise.all([this.storage.get<StreamTicket>("ticket"), this.storage.get<CallEnd>("end")]);
    if (ticket?.redeemed || end) return { streamed: true };
    // A stream that comes after this is refused at once rather than waiting for a plan.
    this.finished = true;
    await this.closeUnusedSession();
    await this.forget();
    return { streamed: false };
  }
}

function closeQuietly(socket: WebSocket | null) {
  try {
    socket?.close(1000, "Call ended");
  } catch {
    // Already closed.
  }
}
