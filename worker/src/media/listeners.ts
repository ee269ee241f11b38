/**
 * Members listening in to a call (issue 56 §2), in its MediaCall: the audio the bridge already moves (the caller's to
 * the model, the agent's to Twilio) is forked to at most MAX_LISTENERS sockets, untouched (the base64 pieces it
 * already holds, never decoded or re-encoded), both sides' pieces sent together in one message every LISTEN_BATCH_MS;
 * the page mixes and plays the two sides. The batch is sent from the frame path itself, when a frame finds it old
 * enough: Twilio's stream brings a caller frame every 20 ms while the call lasts, so no timer need wake the call for
 * it; one every STALL_MS sends what a pause in the frames left waiting. (bench:live: a send per frame cost the media
 * plane ~40% more CPU a call; a send per side every 200 ms on a timer of its own, 24-33%. Profiled, the listener's
 * JavaScript is a small share: the cost is the runtime's per send (the same sends with empty audio cost 1.22×, no
 * sends 1.09×), so fewer, fuller sends are what make it cheaper.) With nobody listening the audio path pays one
 * number's check a frame.
 *
 * A listener comes with a ticket (call/listen-ticket.ts), taken once. Every LEASE_MS the control plane is asked which
 * of the listening members may still listen (still an owner or admin of the call's organization, listening still
 * allowed): the others' sockets close. A lease rather than the control plane telling the media plane: membership
 * changes in many places (removal, a role change, an organization or account deleted, the setting turned off), and
 * the lease covers them all from one question, costing one request per call every LEASE_MS while someone listens.
 * Whatever a listener sends closes its socket and reaches nothing: listeners never speak into a call.
 */
import { LISTEN_BATCH_MS, LISTEN_CLOSE, MAX_LISTENERS } from "@nikki/core/live-listen";
import { appendAudioJson } from "../call/audio-frames";
import { type ListenClaims, readListenTicket } from "../call/listen-ticket";
import type { Logger } from "../logger";

export const LEASE_MS = 10_000;
/** What waits for a listener when no frame has come to send it goes this often (frames send it every LISTEN_BATCH_MS). */
export const STALL_MS = 1_000;

export interface ListenerDeps {
  callSid: string;
  segment: number;
  secret: string | undefined;
  /** Which of these members of the organization may still listen (the control plane's answer). */
  stillAllowed(organizationId: string, userIds: string[]): Promise<string[]>;
  log: Logger;
}

/** The caller's audio to the model is `appendAudioJson(payload)`: the payload is what lies between these. */
const CALLER_PREFIX = appendAudioJson("").slice(0, -2);
const PAYLOAD_KEY = '"payload":"';

/** A side's pieces as a JSON array: they are base64, so nothing in them needs escaping. */
const jsonList = (pieces: string[]) => (pieces.length === 0 ? "[]" : `["${pieces.join('","')}"]`);

export class Listeners {
  /** How many listen now: the audio path checks this, and nothing else, when nobody does. */
  count = 0;
  private readonly sockets = new Map<WebSocket, ListenClaims>();
  /** Tickets taken (their nonces): each opens one socket. */
  private readonly taken = new Set<string>();
  private lease: ReturnType<typeof setInterval> | null = null;
  private stall: ReturnType<typeof setInterval> | null = null;
  private over = false;
  private puttingThrough = false;

  constructor(private readonly deps: ListenerDeps) {}

  /** A listener's socket: accepted, then closed at once with the reason when its ticket or the call (over: not `live`) refuses it. */
  async accept(request: Request, live: boolean): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a websocket", { status: 426 });
    const { callSid, segment, secret } = this.deps;
    const claims = await readListenTicket(secret, new URL(request.url).searchParams.get("ticket"), callSid, segment);
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    const refusal =
      this.over || !live
        ? LISTEN_CLOSE.ended
        : !claims || this.taken.has(claims.nonce)
          ? LISTEN_CLOSE.ticket
          : this.sockets.size >= MAX_LISTENERS
            ? LISTEN_CLOSE.full
            : null;
    if (refusal !== null || !claims) {
      this.deps.log.info("listener_refused", { code: refusal });
      server.close(refusal ?? LISTEN_CLOSE.ticket, refusal === LISTEN_CLOSE.full ? "This call has its listeners" : "Not allowed");
      return new Response(null, { status: 101, webSocket: client });
    }
    this.taken.add(claims.nonce);
    this.sockets.set(server, claims);
    this.count = this.sockets.size;
    server.addEventListener("message", () => this.drop(server, LISTEN_CLOSE.spoke, "Listeners cannot speak into a call"));
    server.addEventListener("close", () => this.drop(server, LISTEN_CLOSE.ended, "Closed"));
    server.addEventListener("error", () => this.forget(server));
    this.lease ??= setInterval(() => void this.renew(), LEASE_MS);
    this.stall ??= setInterval(() => Date.now() - this.since >= LISTEN_BATCH_MS && this.flush(), STALL_MS);
    this.deps.log.info("listener_joined", { listeners: this.count });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The caller's audio on its way to the model (`appendAudioJson`). */
  caller(json: string): void {
    if (json.startsWith(CALLER_PREFIX)) this.keep(this.callerPieces, json.slice(CALLER_PREFIX.length, -2));
  }

  /** The agent's audio on its way to Twilio (`twilioMediaJson`). */
  agent(json: string): void {
    const at = json.lastIndexOf(PAYLOAD_KEY);
    const end = at < 0 ? -1 : json.indexOf('"', at + PAYLOAD_KEY.length);
    if (end >= 0) this.keep(this.agentPieces, json.slice(at + PAYLOAD_KEY.length, end));
  }

  /** The caller cut the agent off: Twilio drops what it held, so do the listeners (and what waits to go to them). */
  clear(): void {
    this.agentPieces = [];
    if (this.callerPieces.length === 0) this.since = 0;
    this.broadcast(`{"type":"clear","at":${Date.now()}}`);
  }

  /** Both sides' pieces waiting for the next send, and when the oldest came (0: none waits). */
  private callerPieces: string[] = [];
  private agentPieces: string[] = [];
  private since = 0;

  private keep(pieces: string[], piece: string): void {
    pieces.push(piece);
    const now = Date.now();
    if (this.since === 0) this.since = now;
    else if (now - this.since >= LISTEN_BATCH_MS) this.flush();
  }

  private flush(): void {
    if (this.since === 0) return;
    this.broadcast(`{"type":"audio","at":${this.since},"caller":${jsonList(this.callerPieces)},"agent":${jsonList(this.agentPieces)}}`);
    this.callerPieces = [];
    this.agentPieces = [];
    this.since = 0;
  }

  /** The agent's transfer rings a person: the stream's end to come is not the call's. */
  putThrough(): void {
    this.puttingThrough = true;
  }

  /**
   * The stream is over: what waits is sent, every listener's socket closes, and no one joins after. Ended because the
   * caller is being put through to a person (the agent's transfer, or `tookOver`: the owner's), the call goes on, and
   * the sockets say so (LISTEN_CLOSE.transferred).
   */
  end(tookOver: boolean): void {
    this.over = true;
    this.flush();
    const transferred = tookOver || this.puttingThrough;
    const [code, reason] = transferred ? [LISTEN_CLOSE.transferred, "The call was put through"] : [LISTEN_CLOSE.ended, "The call has ended"];
    for (const socket of [...this.sockets.keys()]) this.drop(socket, code, reason);
  }

  private broadcast(message: string): void {
    for (const socket of this.sockets.keys()) {
      try {
        socket.send(message);
      } catch {
        this.forget(socket);
      }
    }
  }

  /** Asks the control plane who may still listen; the others are cut off (and all of them when it cannot answer). */
  private async renew(): Promise<void> {
    const listening = [...this.sockets.entries()];
    if (listening.length === 0) return;
    const organizationId = listening[0]![1].organizationId;
    const allowed = new Set(
      await this.deps.stillAllowed(organizationId, [...new Set(listening.map(([, claims]) => claims.userId))]).catch((error: unknown) => {
        this.deps.log.warn("listen_lease_failed", { error: error instanceof Error ? error.message : String(error) });
        return [] as string[];
      }),
    );
    for (const [socket, claims] of listening) if (!allowed.has(claims.userId)) this.drop(socket, LISTEN_CLOSE.revoked, "No longer allowed to listen");
  }

  private drop(socket: WebSocket, code: number, reason: string): void {
    this.forget(socket);
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private forget(socket: WebSocket): void {
    if (!this.sockets.delete(socket)) return;
    this.count = this.sockets.size;
    if (this.count > 0) return;
    if (this.lease) clearInterval(this.lease);
    if (this.stall) clearInterval(this.stall);
    this.lease = null;
    this.stall = null;
    this.callerPieces = [];
    this.agentPieces = [];
    this.since = 0;
  }
}
