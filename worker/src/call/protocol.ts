/**
 * The call bridge's protocol logic, pure: Twilio Media Streams messages and OpenAI Realtime (GA) events in,
 * messages and effects out. No sockets, no clock of its own, no module state: one instance per call.
 *
 * Turns and barge-in: the bridge, not the model, decides when the caller interrupts and when the model answers
 * (turn-taking.ts). Interrupted, Twilio is told to `clear`, the answer is cancelled and truncated at the audio heard
 * (playout.ts, from Twilio's clock); the greeting rendered ahead is cut the same way (cached-greeting.ts), and before the
 * model's session is ready (modelReady()) the bridge hears a caller talking over it itself (caller-speech.ts).
 *
 * A tool that is slow to answer gets a filler or two in Nikki's voice (tool-fillers.ts decides when; `wake` actions ask
 * the caller of this class for a timer, and onWake() is its tick).
 *
 * Events are typed with the OpenAI SDK's own Realtime types, so a drift from the real protocol fails the typecheck;
 * what arrives is still checked field by field, since a socket can carry anything.
 */
import type { RealtimeClientEvent, RealtimeServerEvent } from "openai/resources/realtime/realtime";
import { FRAME_BASE64_CHARS, appendAudioJson, audioDelta, inboundMediaPayload, inboundMediaTimestamp, twilioMediaJson } from "./audio-frames";
import { CallMetrics } from "./call-metrics";
import { CallScreen } from "./call-screen";
import { SILENT_GOODBYE_INSTRUCTIONS } from "@nikki/core/call-screen-rules";
import { GREETING_METADATA } from "./say-exactly";
import { num, obj, parseFrame, str } from "./frame-fields";
import type { BridgeAction } from "./bridge-actions";
import type { ProtocolOptions } from "./protocol-options";
import { TurnTaking, type TurnDecision } from "./turn-taking";
import { DEFAULT_INTERRUPTION_MIN_MS } from "./interruption-guard";
import { FILLER_MARK_PREFIX, type FillerAction, ToolFillers } from "./tool-fillers";
import { CACHED_GREETING, CachedGreeting } from "./cached-greeting";
import { CutAnswers } from "./cut-answers";
import { Playout } from "./playout";
import { type OwnerThen, ownerResponse, ownerThen } from "./owner-command";

export type { BridgeAction, TwilioOutbound } from "./bridge-actions";
export type { ProtocolOptions } from "./protocol-options";
export { greetingResponse } from "./say-exactly";

export class BridgeProtocol {
  streamSid: string | null = null;
  private startedAt: number | null = null;
  /** What of Nikki's current audio the caller has heard. */
  private readonly playout = new Playout();
  private readonly cutAnswers = new CutAnswers();
  /** The greeting rendered ahead, when there is a line to play (playGreeting()). */
  private readonly greeting: CachedGreeting | null;
  private ending: "time_limit" | "agent_ended" | "silent" | null = null;
  private ended = false;
  /** The call's latency figures, read when it ends. */
  readonly metrics = new CallMetrics();
  private readonly turns: TurnTaking;
  /** Whether the caller is one (call-screen.ts): silent and talk-over calls are ended from onTick. */
  private readonly screen: CallScreen;

  private readonly fillers: ToolFillers;
  private callerSpeaking = false;
  /** The model's response saying the greeting: written from the line, not from its transcript, which a barge-in may cut. */
  private greetingResponse: string | null = null;

  constructor(private readonly options: ProtocolOptions) {
    this.screen = new CallScreen(options.screenTalkOver ?? true);
    this.fillers = new ToolFillers(options.fillers ?? []);
    this.greeting = options.openingLine ? new CachedGreeting(options.openingLine) : null;
    this.turns = new TurnTaking({ interruptionMinMs: options.interruptionMinMs ?? DEFAULT_INTERRUPTION_MIN_MS, speechEndLagMs: options.speechEndLagMs ?? 0 });
  }

  /**
   * The model's session is open and has the caller's audio so far: from now its voice activity detection tells when the
   * caller talks (input_audio_buffer.speech_started), over the greeting too, and the bridge stops listening itself.
   */
  modelReady(): void {
    this.greeting?.modelIsReady();
  }

  onTwilio(raw: unknown, now: number): BridgeAction[] {
    const payload = inboundMediaPayload(raw);
    if (payload !== undefined) {
      const timestamp = inboundMediaTimestamp(raw as string);
      this.playout.twilioMs = timestamp ?? this.playout.twilioMs;
      return payload && this.streamSid ? this.inbound(payload, timestamp, now, { kind: "openai_json", json: appendAudioJson(payload) }) : [];
    }
    const frame = parseFrame(raw, "event");
    if (!frame) return [];
    switch (frame.event) {
      case "start": {
        const start = obj(frame.start);
        const streamSid = str(frame.streamSid) ?? str(start?.streamSid);
        const callSid = str(start?.callSid);
        if (!streamSid || !callSid || this.streamSid) return [];
        this.streamSid = streamSid;
        this.startedAt = now;
        this.metrics.streamStarted(now);
        const custom = obj(start?.customParameters) ?? {};
        const parameters = Object.fromEntries(Object.entries(custom).filter((e): e is [string, string] => typeof e[1] === "string"));
        return [{ kind: "started", callSid, streamSid, parameters }];
      }
      case "media": {
        const media = obj(frame.media);
        const payload = str(media?.payload);
        if (!payload || !this.streamSid || (media?.track !== undefined && media.track !== "inbound")) return [];
        const stamped = Number(media?.timestamp);
        const timestamp = media?.timestamp !== undefined && Number.isFinite(stamped) ? stamped : undefined;
        if (timestamp !== undefined) this.playout.twilioMs = timestamp;
        return this.inbound(payload, timestamp, now, { kind: "openai", event: { type: "input_audio_buffer.append", audio: payload } });
      }
      case "mark": {
        const name = str(obj(frame.mark)?.name);
        const itemId = name ? this.playout.echoed(name) : undefined;
        if (!name || itemId === undefined) return [];
        this.screen.marked(name, now);
        return itemId === CACHED_GREETING ? this.settleGreeting() : [];
      }
      case "stop":
        return this.end("twilio_stop");
      default:
        return [];
    }
  }

  onOpenAI(raw: unknown, now: number): BridgeAction[] {
    if (this.ended) return [];
    const fast = audioDelta(raw);
    if (fast) return this.audio(fast.itemId, fast.delta, now);
    const event = parseFrame(raw, "type") as RealtimeServerEvent | null;
    if (!event) return [];
    switch (event.type) {
      case "response.output_audio.delta": {
        const delta = str(event.delta);
        const itemId = str(event.item_id);
        return delta && itemId ? this.audio(itemId, delta, now) : [];
      }
      case "response.output_audio.done": {
        const itemId = str(event.item_id);
        if (!itemId || itemId !== this.playout.currentItem || !this.streamSid) return [];
        const actions = this.playout.unmarkedMs > 0 ? [this.mark(this.streamSid, itemId)] : [];
        this.screen.audioDone(itemId, this.playout.lastMark);
        return actions;
      }
      case "input_audio_buffer.speech_started":
        this.screen.speechStarted(now);
        this.callerSpeaking = true;
        return this.decided(this.turns.started(str(event.item_id) ?? "", num(event.audio_start_ms), this.agentTalking()));
      case "input_audio_buffer.speech_stopped":
        this.screen.speechStopped();
        this.callerSpeaking = false;
        return this.decided(this.turns.stopped(str(event.item_id) ?? "", num(event.audio_end_ms), now));
      case "conversation.item.input_audio_transcription.delta":
        return this.decided(this.turns.words(str(event.item_id) ?? "", str(event.delta) ?? "", false, this.agentTalking()));
      case "conversation.item.input_audio_transcription.failed":
        return this.decided(this.turns.words(str(event.item_id) ?? "", "", true, this.agentTalking()));
      case "conversation.item.input_audio_transcription.completed": {
        const text = str(event.transcript)?.trim();
        const decided = this.decided(this.turns.words(str(event.item_id) ?? "", text ?? "", true, this.agentTalking()));
        if (text) this.screen.callerSpoke();
        const language = Array.isArray(event.languages) ? str(obj(event.languages[0])?.code) : undefined;
        if (!text) return decided;
        // The greeting's words come first, should its end not have been told yet.
        return [...decided, ...this.settleGreeting(), { kind: "transcript", role: "user", text, atMs: this.elapsed(now), ...(language ? { language } : {}) }];
      }
      case "response.output_audio_transcript.done": {
        const text = str(event.transcript)?.trim();
        if (!text || event.response_id === this.greetingResponse || this.fillers.takesTranscript(str(event.item_id) ?? "", text)) return [];
        const line = this.cutAnswers.line(str(event.item_id) ?? "", text);
        return line ? [{ kind: "transcript", role: "assistant", text: line, atMs: this.elapsed(now) }] : [];
      }
      case "response.function_call_arguments.done": {
        const callId = str(event.call_id);
        const name = str(event.name);
        if (!callId || !name) return [];
        return [{ kind: "tool", callId, name, arguments: str(event.arguments) ?? "{}" }, ...this.filled(this.fillers.toolCalled(callId, name, now), now)];
      }
      case "response.created": {
        const line = this.options.openingLine;
        const response = obj(event.response);
        // A filler's response is out of band, beside the conversation (tool-fillers.ts): no answer of the model's.
        this.turns.responseCreated(str(response?.id), obj(response?.metadata)?.tool_filler !== undefined);
        if (!line || obj(response?.metadata)?.[GREETING_METADATA] !== "1" || this.greetingResponse)
          return this.filled(this.fillers.responseCreated(event.response), now);
        this.greetingResponse = str(response?.id) ?? null;
        return [{ kind: "transcript", role: "assistant", text: line, atMs: this.elapsed(now) }];
      }
      case "conversation.item.added":
      case "conversation.item.created": {
        const item = obj(event.item);
        const part = Array.isArray(item?.content) ? obj(item.content[0]) : undefined;
        const id = str(item?.id);
        const told = id && this.greeting ? this.greeting.added(id, str(item?.role), str(part?.text)) : [];
        return told.map((told): BridgeAction => ({ kind: "openai", event: told }));
      }
      case "response.output_item.added":
        this.turns.itemAdded(str(event.response_id), str(event.item?.id));
        this.fillers.itemAdded(str(event.response_id), str(event.item?.id));
        return [];
      case "response.done": {
        this.turns.responseDone(str(event.response?.id));
        // A filler's response is not the model's: it neither ends the call nor answers anything.
        const filler = this.fillers.responseDone(str(event.response?.id));
        if (filler) return this.filled(filler, now);
        // The greeting's line is written from its response's start, cut or not.
        const cancelled = event.response?.status === "cancelled" && event.response.id !== this.greetingResponse;
        const cut = cancelled ? this.cutAnswers.cancelled(event.response?.output?.[0]) : null;
        const heard: BridgeAction[] = cut ? [{ kind: "transcript", role: "assistant", text: cut, atMs: this.elapsed(now) }] : [];
        const next = ownerThen(event.response?.metadata) ?? this.ending;
        return next === "hand_over" ? [...heard, { kind: "hand_over" }] : next ? [...heard, ...this.end(next === "end" ? "agent_ended" : next)] : heard;
      }
      default:
        return [];
    }
  }

  /**
   * The greeting rendered ahead (voice/greeting-cache.ts), at the stream's start: all its frames to Twilio at once,
   * marked as the model's audio is (barge-in clears it, screening times it as the greeting), then the model told it
   * was said, so it waits for the caller rather than greeting again. Its transcript entry is written once it is over.
   */
  playGreeting(frames: string, now: number): BridgeAction[] {
    if (!this.streamSid || this.ended || !this.greeting || !frames) return [];
    const told = this.greeting.played(frames, this.elapsed(now));
    const actions: BridgeAction[] = [];
    for (let at = 0; at < frames.length; at += FRAME_BASE64_CHARS) actions.push(...this.audio(CACHED_GREETING, frames.slice(at, at + FRAME_BASE64_CHARS), now));
    if (this.playout.unmarkedMs > 0) actions.push(this.mark(this.streamSid, CACHED_GREETING));
    this.screen.audioDone(CACHED_GREETING, this.playout.lastMark);
    for (const event of told) actions.push({ kind: "openai", event });
    return actions;
  }

  /**
   * The caller's audio, to the model, heard on the way (turn-taking.ts); over the greeting rendered ahead before the
   * model can hear it, a barge-in first.
   */
  private inbound(payload: string, timestamp: number | undefined, now: number, append: BridgeAction): BridgeAction[] {
    const turn = this.turns.heard(payload, timestamp, now, this.agentTalking());
    const overGreeting = this.greeting?.listening && this.greeting.hear(payload) && this.playout.currentItem === CACHED_GREETING && this.playout.playing();
    if (turn.length === 0 && !overGreeting) return [append];
    const actions = overGreeting ? this.bargeIn() : this.decided(turn);
    actions.push(append);
    return actions;
  }

  /** The last caller frame sent to the model never reached it (the call's queue to the model was full). */
  readonly inputDropped = () => this.turns.dropped();
  /** The agent is talking: her audio is still playing, or her answer is being made. */
  private readonly agentTalking = () => this.playout.playing() || this.turns.responding;

  /** What turn-taking decided, as the bridge's actions. */
  private decided(decisions: readonly TurnDecision[]): BridgeAction[] {
    const actions: BridgeAction[] = [];
    for (const decision of decisions) {
      // Speech confirmed once she had finished has nothing left to cut.
      if (decision.kind === "interrupt") actions.push(...(this.agentTalking() ? this.bargeIn(this.turns.cancel()) : []));
      else if (decision.kind === "dismiss") actions.push({ kind: "openai", event: { type: "conversation.item.delete", item_id: decision.itemId } });
      // The goodbye asked for at the time limit is the answer now.
      else if (!this.ending) {
        this.metrics.turnEnded(decision.end);
        actions.push({ kind: "openai", event: { type: "response.create" } });
      }
    }
    return actions;
  }

  /**
   * The greeting rendered ahead is over: cut `cutAtMs` into it by a barge-in, or played whole (out, before another
   * answer, or to the call's end). Its transcript entry, with the time it began, and the model's item cut to match.
   */
  private settleGreeting(cutAtMs?: number): BridgeAction[] {
    const over = this.greeting?.settle(cutAtMs);
    if (!over) return [];
    const actions: BridgeAction[] = over.entry ? [{ kind: "transcript", role: "assistant", text: over.entry.text, atMs: over.entry.atMs }] : [];
    for (const event of over.model) actions.push({ kind: "openai", event });
    return actions;
  }

  /** The result of a tool the model called goes back as its output, then the model answers (after a filler being heard). */
  toolResult(callId: string, output: unknown, now = 0): BridgeAction[] {
    if (this.ended) return [];
    const answer = this.fillers.answered(callId, [{ kind: "openai", event: { type: "response.create" } }]);
    return [
      { kind: "openai", event: { type: "conversation.item.create", item: { type: "function_call_output", call_id: callId, output: JSON.stringify(output) } } },
      ...this.filled(answer, now),
    ];
  }

  /** The time a filler asked for (a `wake` action) has come. */
  onWake(now: number): BridgeAction[] {
    if (this.ended) return [];
    return this.filled(this.fillers.wake(now, { callerSpeaking: this.callerSpeaking, audioPlaying: this.playout.playing() }), now);
  }

  /** A filler's actions as the bridge's: its held audio goes to Twilio as any of Nikki's audio does. */
  private filled(actions: FillerAction[], now: number): BridgeAction[] {
    const bridged = actions.flatMap((action): BridgeAction[] => {
      if (action.kind === "filler_audio") return this.audio(action.itemId, action.delta, now);
      if (action.kind === "filler_transcript") return [{ kind: "transcript", role: "assistant", text: action.text, atMs: this.elapsed(now) }];
      return [action];
    });
    // The held audio released ends on a mark, so all of it is marked as the filler's.
    const released = actions.findLast((action) => action.kind === "filler_audio");
    if (released && this.streamSid && this.playout.unmarkedMs > 0) bridged.push(this.mark(this.streamSid, released.itemId));
    return bridged;
  }

  /**
   * Called periodically: past the time limit, or with a caller who never spoke, Nikki says goodbye and the call ends
   * when that response is done; a recording talking over the greeting is hung up on at once.
   */
  onTick(now: number): BridgeAction[] {
    if (this.ended || this.ending || this.startedAt === null) return [];
    const verdict = this.screen.check(now);
    if (verdict === "talk_over") return this.end("talk_over");
    if (verdict === "silent") this.ending = "silent";
    else if (now - this.startedAt >= this.options.maxCallMs) this.ending = "time_limit";
    else return [];
    const instructions = this.ending === "silent" ? SILENT_GOODBYE_INSTRUCTIONS : this.options.goodbyeInstructions;
    return [{ kind: "openai", event: { type: "response.create", response: { instructions } } }];
  }

  /** An owner's command (owner-command.ts): the agent stops as at a barge-in and says `instructions`, then `then` follows. */
  sayThen(instructions: string, then: OwnerThen): BridgeAction[] {
    const stop = this.ended || !this.streamSid ? null : this.playout.playing() ? this.bargeIn() : [];
    return stop ? [...stop, ...ownerResponse(instructions, then).map((event): BridgeAction => ({ kind: "openai", event }))] : [];
  }

  /** The agent called end_call: the call ends once its goodbye has been spoken (the next response.done). */
  requestEnd(): void {
    this.ending ??= "agent_ended";
  }

  /** The other side closed (or a tool ended the call): everything ends, once. */
  onClosed(reason: "twilio_stop" | "openai_closed" | "agent_ended"): BridgeAction[] {
    return this.end(reason);
  }

  /**
   * Nikki's audio to Twilio; a new item is a new answer (its first audio times the turn). What comes of an answer cut
   * off is not played. A filler's audio, held until due, arrives (for the turn's times) when released: no product time.
   */
  private audio(itemId: string, delta: string, now: number): BridgeAction[] {
    if (!this.streamSid || itemId === this.playout.cleared || this.turns.cancelled(itemId)) return [];
    if (this.fillers.takesAudio(itemId, delta)) return [];
    this.metrics.audioArrived(itemId, now);
    // Audio after the greeting rendered ahead plays after all of it.
    const greetingOver = itemId !== CACHED_GREETING && this.playout.currentItem === CACHED_GREETING ? this.settleGreeting() : null;
    if (this.playout.sent(itemId, delta)) {
      this.screen.audio(itemId, now);
      // The turn's gap is the silence the caller waited through: a filler heard ends it as the answer would.
      this.metrics.answerAudio(itemId, now);
    }
    const media: BridgeAction = { kind: "twilio_json", json: twilioMediaJson(this.streamSid, delta) };
    return greetingOver ? [...greetingOver, media] : [media];
  }

  /** A mark at the end of the audio sent so far: Twilio echoes it once that much has played. */
  private mark(streamSid: string, itemId: string): BridgeAction {
    // A filler's marks say so: the Test Suite's caller waits past a filler for the answer (test-suite/synthetic-caller.ts).
    const name = this.playout.mark(this.fillers.isFiller(itemId) ? FILLER_MARK_PREFIX : "m", itemId);
    return { kind: "twilio", message: { event: "mark", streamSid, mark: { name } } };
  }

  /** The caller interrupted: Twilio cleared, the model's answer stopped (`cancel`, when one is being made) and cut at what was heard. */
  private bargeIn(cancel: RealtimeClientEvent | null = null): BridgeAction[] {
    const cancelled: BridgeAction[] = cancel ? [{ kind: "openai", event: cancel }] : [];
    const item = this.playout.currentItem;
    if (!this.streamSid || !item || this.playout.sentMs === 0) return cancelled;
    const heardMs = this.playout.heardMs();
    // A filler is in no conversation, so there is nothing to truncate; its response is cancelled by id instead.
    // The greeting rendered ahead is no item of the model's yet: it is told the words heard, as said.
    const stop: BridgeAction[] = this.fillers.isFiller(item)
      ? this.filled(this.fillers.interrupted(item), 0)
      : item === CACHED_GREETING
        ? this.settleGreeting(heardMs)
        : this.truncate(item, heardMs);
    // Twilio's clear first: the caller stops hearing Nikki one send sooner; the model's truncate is computed already.
    const actions: BridgeAction[] = [{ kind: "twilio", message: { event: "clear", streamSid: this.streamSid } }, ...cancelled, ...stop];
    this.metrics.bargedIn();
    this.playout.stop();
    return actions;
  }

  /** The model's answer cut at the audio heard: the model keeps that much of it, and so does the transcript. */
  private truncate(item: string, heardMs: number): BridgeAction[] {
    this.cutAnswers.cut(item, heardMs, this.playout.sentMs);
    return [{ kind: "openai", event: { type: "conversation.item.truncate", item_id: item, content_index: 0, audio_end_ms: Math.floor(heardMs) } }];
  }

  /** Everything ends, once; the greeting rendered ahead, if it was still playing, as far as it was heard. */
  private end(reason: Extract<BridgeAction, { kind: "end" }>["reason"]): BridgeAction[] {
    if (this.ended) return [];
    this.ended = true;
    return [...this.settleGreeting(), { kind: "end", reason }];
  }

  private elapsed(now: number) {
    return this.startedAt === null ? 0 : now - this.startedAt;
  }
}
