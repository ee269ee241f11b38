/**
 * A live call's feed in its CallSession (issue 56 §1): the transcript's lines as the media plane hands them over, what
 * happened besides speech (the agent's tools, the owner's notes and commands, transfers), the response time so far, and
 * where the call is. It is kept in the object's storage (the object may be evicted or hibernate between two lines) and
 * sent at once to the call's watchers: the live views of owners and admins, each a hibernating WebSocket of this object.
 */
import { type LiveCallMessage, type LiveCallState, type LiveCallView, type LiveEvent, type LiveLatency, type LiveLine, NO_LATENCY } from "@nikki/core";
import { callerLanguageOf } from "@nikki/core/caller-language";
import { percentile } from "../../call/call-metrics";
import type { LiveBatch } from "../../call/live";

type Storage = Pick<DurableObjectStorage, "get" | "put">;

interface Kept {
  /** Each stream's lines in order, by segment ("1", "2"). */
  segments: Record<string, LiveLine[]>;
  events: LiveEvent[];
  /** Each stream's response-time figures: its greeting's, and its answered turns voice to voice in their places. */
  figures: Record<string, { greeting_ms: number | null; turns_ms: number[] }>;
  state: LiveCallState;
  with: string | null;
  /** The caller's language, from their first lines (the recogniser's tag, else their words), as the stored call's is. */
  callerLanguage: string | null;
}

/** A call's feed stays within these (a long call's live view shows its latest; the stored call keeps everything). */
const MAX_LINES = 400;
const MAX_EVENTS = 200;
const MAX_LINE_CHARS = 2_000;
const WATCH_TAG = "watch";

const fresh = (): Kept => ({ segments: {}, events: [], figures: {}, state: "talking", with: null, callerLanguage: null });

/**
 * The response time so far as the stored call will show it: the first stream's figures (call-session.ts keeps the
 * agent's first stream's when the agent has the caller again after a transfer), p50 and p90 as CallMetrics takes them.
 */
export function liveLatency(figures: Kept["figures"]): LiveLatency {
  const first = Object.keys(figures).sort()[0];
  if (first === undefined) return NO_LATENCY;
  // A lost batch leaves a hole: the turns that arrived still count.
  const turns = figures[first]!.turns_ms.filter((ms) => typeof ms === "number");
  return {
    greeting_ms: figures[first]!.greeting_ms,
    turns: turns.length,
    last_ms: turns.at(-1) ?? null,
    voice_to_voice_p50_ms: percentile(turns, 0.5),
    voice_to_voice_p90_ms: percentile(turns, 0.9),
  };
}

export class LiveFeed {
  private kept: Kept | null = null;

  constructor(
    private readonly ctx: Pick<DurableObjectState, "acceptWebSocket" | "getWebSockets">,
    private readonly storage: Storage,
  ) {}

  private async load(): Promise<Kept> {
    this.kept ??= (await this.storage.get<Kept>("live")) ?? fresh();
    // A feed kept before the figures were (a call in progress across a deploy).
    this.kept.figures ??= {};
    return this.kept;
  }

  private async keep(message: LiveCallMessage): Promise<void> {
    await this.storage.put("live", this.kept);
    this.send(message);
  }

  private send(message: LiveCallMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.ctx.getWebSockets(WATCH_TAG)) {
      try {
        socket.send(text);
      } catch {
        // Closing already: its page reconnects.
      }
    }
  }

  /** A batch from the media plane: its lines in their places (a batch that overtook another lands in order too). */
  async lines(batch: LiveBatch): Promise<void> {
    const kept = await this.load();
    const segment = String(batch.segment ?? 1);
    const lines = (kept.segments[segment] ??= []);
    const added = batch.lines.slice(0, Math.max(0, MAX_LINES - batch.first)).map(
      (entry, index): LiveLine => ({
        id: `${segment}.${batch.first + index}`,
        role: entry.role,
        text: entry.content.slice(0, MAX_LINE_CHARS),
        at: entry.timestamp,
        done_at: new Date(batch.done_at[index] ?? Date.now()).toISOString(),
      }),
    );
    added.forEach((line, index) => (lines[batch.first + index] = line));
    if (batch.latency) {
      const figures = (kept.figures[segment] ??= { greeting_ms: null, turns_ms: [] });
      figures.greeting_ms = batch.latency.greeting_ms;
      const { first_turn, voice_to_voice_ms } = batch.latency;
      voice_to_voice_ms.forEach((ms, index) => (figures.turns_ms[first_turn + index] = ms));
    }
    kept.callerLanguage ??= callerLanguageOf(batch.lines);
    await this.keep({ type: "lines", lines: added, latency: liveLatency(kept.figures) });
  }

  /**
   * Something happened; `state` (and whom it is with) when the call's state changed with it. An action's end takes the
   * place and id of its "…" line (`replaces`), so no watcher sees it as still going on. The event's id.
   */
  async event(kind: LiveEvent["kind"], text: string, state?: { state: LiveCallState; with: string | null }, replaces?: string): Promise<string> {
    const kept = await this.load();
    const at = replaces === undefined ? -1 : kept.events.findIndex((event) => event.id === replaces);
    const event: LiveEvent = { id: at < 0 ? String(kept.events.length + 1) : replaces!, kind, text, at: new Date().toISOString() };
    if (at >= 0) kept.events[at] = event;
    else if (kept.events.length < MAX_EVENTS) kept.events.push(event);
    if (state) Object.assign(kept, state);
    await this.keep({ type: "event", event, ...(state ?? {}) });
    return event.id;
  }

  async state(): Promise<{ state: LiveCallState; with: string | null }> {
    const kept = await this.load();
    return { state: kept.state, with: kept.with };
  }

  async callerLanguage(): Promise<string | null> {
    return (await this.load()).callerLanguage;
  }

  async view(listeners: number): Promise<LiveCallView> {
    const kept = await this.load();
    const transcript = Object.keys(kept.segments)
      .sort()
      .flatMap((segment) => kept.segments[segment]!.filter(Boolean));
    return { transcript, events: kept.events, latency: liveLatency(kept.figures), listeners, state: kept.state, with: kept.with };
  }

  /** A live view's socket: it gets the view whole, then each change. */
  async watch(listeners: number): Promise<Response> {
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [WATCH_TAG]);
    server.send(JSON.stringify({ type: "view", view: await this.view(listeners) } satisfies LiveCallMessage));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The call is over: its watchers are told (their view turns into the call's detail) and let go. */
  ended(): void {
    this.send({ type: "ended" });
    for (const socket of this.ctx.getWebSockets(WATCH_TAG)) socket.close(1000, "The call ended");
  }

  /** The call is forgotten here (it lives on in the database). */
  forget(): void {
    this.kept = null;
  }
}
