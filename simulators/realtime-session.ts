/**
 * The OpenAI simulator's Realtime websocket session (GA events): server VAD from the energy of the μ-law audio it
 * receives (realtime-vad.ts), streamed audio deltas, transcripts, and function calls. What the caller "said" is the
 * text the simulated text-to-speech embedded in its audio (speech-codec.ts) when there is any (the Test Suite's
 * caller), answered by caller-model.ts; a short burst without any is a noise (a cough), transcribed as nothing;
 * otherwise the next scripted turn. As on the real API, the session's `turn_detection` says whether speech cancels the
 * answer being spoken (`interrupt_response`) and whether a turn's end gets an answer by itself (`create_response`);
 * without one, a turn waits for the client's `response.create`.
 */
import { OPENAI_MODELS } from "@nikki/core/constants";
import type { RealtimeClientEvent, SessionUpdatedEvent } from "openai/resources/realtime/realtime";
import type { WebSocket } from "ws";
import { TAG_BYTES, readTag, tagFrame, wallClock } from "./frame-tag";
import { answerCaller, answeredFirst, newCallerMemory, noteToolAnswer } from "./caller-model";
import { noteSaid, ownerNoteOf } from "./owner-note";
import { type ScriptedCall, type ScriptedReply, type ScriptedTurn, type ToolAnswer, nextAfter } from "./scripted-turn";
import { SimulatedVad } from "./realtime-vad";
import { AGENT_VOICE, voicedFrames } from "./voiced-speech";

export type { ScriptedTurn } from "./scripted-turn";
import type { SimulatedServerEvent } from "./realtime-events";
import { decodeText } from "./speech-codec";
import { spokenResponse } from "./spoken-response";
import { DEFAULT_TURN_DETECTION, effectiveTurnDetection, sessionConfigRefusal, turnEndSilenceMs } from "./realtime-session-config";

export interface OpenAiSimulatorOptions {
  port: number;
  apiKey: string;
  /** Caller turns, in order; once used up, every turn gets a generic answer. */
  script?: ScriptedTurn[];
  /** 20 ms frames of assistant audio per spoken reply. */
  replyFrames?: number;
  /** Realistic latencies (benchmarks): before a Realtime websocket is accepted, and before a reply's first audio. */
  connectDelayMs?: number;
  responseDelayMs?: number;
}

export interface RealtimeLog {
  received: { type: string; at: number; [key: string]: unknown }[];
  sent: { type: string; at: number }[];
  /** When the bridge closed the session (wallClock()), if it has. */
  closedAt?: number;
  /** Which accepted key opened it: the platform's or a business's own (whose account pays). */
  keyOwner?: "platform" | "business";
  /** The model the connection asked for (`/v1/realtime?model=`). */
  model?: string;
}

/** Timing of tagged audio, for the voice benchmark (wallClock(), comparable across processes). */
export interface AudioTimings {
  /** When each tagged caller frame arrived as input_audio_buffer.append. */
  appended: Map<string, number>;
  /** When each tagged audio delta was sent. */
  delivered: Map<string, number>;
  /** When the first speech_started was sent, per session tag. */
  speechStarted: Map<number, number>;
  /** When the bridge configured the session (its first session.update), per session tag: audio sent before then waited for the connection. */
  sessionReady: Map<number, number>;
  /** When the caller's first turn ended (speech_stopped sent), per session tag. */
  speechStopped: Map<number, number>;
  /** The first frame of the first words said after a tool's output (the tool's answer being spoken), per session tag. */
  toolAnswer: Map<number, string>;
  /** Every turn's end (speech_stopped sent), and the first frame of every answer said after a tool's output, per session tag (a call of several turns). */
  turnEnds: Map<number, number[]>;
  toolAnswers: Map<number, string[]>;
  /** The words of each spoken response, by its first frame (what a caller heard, when it reached them). */
  utterances: Map<string, string>;
  /**
   * Every turn answered, per session tag: the caller's last loud tagged frame before it ended (the end of their
   * speech), and the first frame of the first words said after it (the answer, or a filler while a tool runs).
   */
  turns: Map<number, { end: string | null; reply: string | null }[]>;
  /**
   * Per session tag, the caller's frame the client sent right after it first cut Nikki off (a truncate, a cancel, or
   * her item deleted): the frame that confirmed the caller was interrupting her (the benchmark's barge-in starts there).
   */
  cutFrames: Map<number, string>;
  /**
   * Each frame of a response that was cancelled: what of it reached the client after its cancel left is not played
   * (the bridge drops the rest of an answer it cut off), so none of it that went unheard was lost.
   */
  cancelledFrames: Set<string>;
  /** Each frame of a tool filler's response (metadata `tool_filler`), with that response's id: the bridge holds a filler's audio and drops it whole when the tool answers first. */
  fillerFrames: Map<string, string>;
}

/** Loud audio under this long, with no words in it, is a noise the recogniser transcribes as nothing (a cough, a door). */
const NOISE_MAX_MS = 250;
const FRAME_MS = 20;

export function realtimeSession(socket: WebSocket, options: OpenAiSimulatorOptions, log: RealtimeLog, tag: number, timings: AudioTimings) {
  const script = [...(options.script ?? [])];
  /** Frames of silence that end a caller's turn: the session's turn detection's, once configured. */
  let silenceFrames = () => 25;
  const vad = new SimulatedVad(() => silenceFrames());
  /** The client just cut Nikki off: the next tagged frame it sends is the one that confirmed it (`cutFrames`). */
  let cutPending = false;
  /** The frames of the default conversation's answers, by item (the last few): what a truncate cuts off. */
  const answerFrames = new Map<string, string[]>();
  /** Frames the client may drop as it cuts an answer off: none of them that went unheard was lost. */
  const cutShort = (keys: readonly string[]) => {
    for (const key of keys) timings.cancelledFrames.add(key);
  };
  /** The client cut Nikki off: `itemId` the answer it truncated, or (none) the default conversation's last it cancelled. */
  const cut = (itemId?: string) => {
    if (!timings.cutFrames.has(tag)) cutPending = true;
    // Cut off, even once all of it was made: what of it was still on its way is not played.
    const frames = itemId === undefined ? [...answerFrames.values()].at(-1) : answerFrames.get(itemId);
    if (frames) cutShort(frames);
  };
  let itemSeq = 0;
  /** The call the model made and waits on; its answer arrives as a function_call_output item. */
  let awaitingToolOutput: ScriptedCall | null = null;
  let toolAnswer: ToolAnswer = {};
  let deltaSeq = 0;
  const send = (event: SimulatedServerEvent) => {
    if (event.type !== "response.output_audio.delta") log.sent.push({ type: String(event.type), at: performance.now() });
    // As the Realtime API writes its events: `type` first, then `event_id`, then the event's own fields.
    const { type, ...fields } = event;
    socket.send(JSON.stringify({ type, event_id: `event_${Math.random().toString(36).slice(2)}`, ...fields }));
  };
  /**
   * The default conversation's response being spoken, cancelled when the caller starts talking (server VAD's
   * interrupt_response), and the out-of-band ones (`conversation: "none"`), which run beside it and which only a
   * `response.cancel` naming them stops, as on the real API.
   */
  let speaking_: { id: string; cancel(): void } | null = null;
  const outOfBand = new Map<string, { cancel(): void }>();
  const speak = (text: string, band: { outOfBand: boolean; metadata?: Record<string, string> | null; answersTool?: boolean } = { outOfBand: false }) => {
    const responseId = `resp_${++itemSeq}`;
    const itemId = `item_${itemSeq}`;
    // The real API writes conversation_id null for an out-of-band response; the SDK's type has no null, so it is left out.
    const identity = { id: responseId, ...(band.outOfBand ? {} : { conversation_id: "conv_1" }), metadata: band.metadata ?? null };
    send({ type: "response.created", response: { ...identity, status: "in_progress" } });
    send({
      type: "response.output_item.added",
      response_id: responseId,
      output_index: 0,
      item: { id: itemId, type: "message", role: "assistant", status: "in_progress", content: [] },
    });
    // Nikki's voice (voiced-speech.ts), each frame tagged for the benchmark over the quiet its first codes leave.
    const voice = voicedFrames(AGENT_VOICE);
    let sent = 0;
    /** Its frames' keys, kept in case it is cut off (`cancelledFrames`). */
    const keys: string[] = [];
    if (!band.outOfBand) {
      answerFrames.set(itemId, keys);
      if (answerFrames.size > 4) answerFrames.delete(answerFrames.keys().next().value!);
    }
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (status: "completed" | "cancelled") => {
      if (timer) clearTimeout(timer);
      if (band.outOfBand) outOfBand.delete(responseId);
      else speaking_ = null;
      if (status === "cancelled") cutShort(keys);
      if (status === "completed") {
        send({ type: "response.output_audio.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 });
        send({ type: "response.output_audio_transcript.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, transcript: text });
      }
      send({
        type: "response.done",
        response: {
          ...identity,
          status,
          output: [{ id: itemId, type: "message", role: "assistant", content: [{ type: "output_audio", transcript: text }] }],
        },
      });
    };
    // Audio streams as the model generates it: a 20 ms frame every 5 ms (4x real time), not all at once.
    const next = () => {
      if (socket.readyState !== socket.OPEN) return;
      if (sent >= (options.replyFrames ?? 5)) return finish("completed");
      const sequence = (deltaSeq = (deltaSeq + 1) & 0xffff);
      const delta = Buffer.from(tagFrame(voice(), tag, sequence)).toString("base64");
      timings.delivered.set(`${tag}:${sequence}`, wallClock());
      keys.push(`${tag}:${sequence}`);
      if (band.answersTool && !timings.toolAnswer.has(tag)) timings.toolAnswer.set(tag, `${tag}:${sequence}`);
      if (band.answersTool && sent === 0) timings.toolAnswers.set(tag, [...(timings.toolAnswers.get(tag) ?? []), `${tag}:${sequence}`]);
      if (sent === 0) timings.utterances.set(`${tag}:${sequence}`, text);
      const turn = sent === 0 ? timings.turns.get(tag)?.at(-1) : undefined;
      if (turn && turn.reply === null) turn.reply = `${tag}:${sequence}`;
      if (band.metadata?.tool_filler !== undefined) timings.fillerFrames.set(`${tag}:${sequence}`, `${tag}:${responseId}`);
      send({ type: "response.output_audio.delta", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta });
      sent++;
      timer = setTimeout(next, 5);
    };
    const cancel = () => finish("cancelled");
    if (band.outOfBand) outOfBand.set(responseId, { cancel });
    else {
      speaking_?.cancel();
      speaking_ = { id: responseId, cancel };
    }
    if (options.responseDelayMs) timer = setTimeout(next, options.responseDelayMs);
    else next();
  };
  /** What the session was configured with (for caller-model.ts, and how turns are taken). */
  const configured = { instructions: "", tools: [] as string[], createResponse: true, interruptResponse: true };
  /** The session's turn detection (realtime-session-config.ts): its silence ends the caller's turns. */
  let turnDetection = effectiveTurnDetection(undefined, DEFAULT_TURN_DETECTION);
  silenceFrames = () => Math.max(1, Math.ceil(turnEndSilenceMs(turnDetection) / FRAME_MS));
  const memory = newCallerMemory();
  /** An owner's note not yet honoured: the next answer carries it (owner-note.ts). */
  let ownerNote: string | null = null;
  const withOwnerNote = (reply: ScriptedReply): ScriptedReply => {
    if (!ownerNote) return reply;
    const said = answeredFirst(noteSaid(ownerNote, memory.spanish), reply) as ScriptedReply;
    ownerNote = null;
    return said;
  };
  /** The caller's last turn, waiting for the client's response.create (create_response false). */
  let pendingTurn: (() => ScriptedReply) | null = null;
  /** The caller's speech ended: transcribed, then answered (at once, or when the client asks). */
  const endTurn = (itemId: string, audio: Buffer, loudMs: number) => {
    const heard = decodeText(audio);
    const noise = !heard && loudMs < NOISE_MAX_MS;
    const scripted: ScriptedTurn | null =
      heard || noise ? null : (script.shift() ?? { transcript: "Thanks.", reply: { say: "You're welcome. Anything else?" } });
    const transcript = heard ?? scripted?.transcript ?? "";
    send({ type: "conversation.item.input_audio_transcription.completed", item_id: itemId, content_index: 0, transcript });
    // A noise is answered only when the client asks; then as a model would, asking the caller to go on.
    const reply = () => withOwnerNote(heard ? answerCaller(heard, memory, configured) : (scripted?.reply ?? { say: "Sorry, I didn't catch that." }));
    if (configured.createResponse && !noise) act(reply());
    else pendingTurn = reply;
  };
  /** Says the words, or calls the tool and waits for its answer (then acts on what comes next). */
  const act = (reply: ScriptedReply, answersTool = false) => {
    if (!("call" in reply)) return speak(reply.say, { outOfBand: false, answersTool });
    awaitingToolOutput = reply;
    const responseId = `resp_${++itemSeq}`;
    const args = JSON.stringify(reply.arguments);
    send({ type: "response.created", response: { id: responseId, status: "in_progress" } });
    send({
      type: "response.function_call_arguments.done",
      response_id: responseId,
      item_id: `item_fc_${itemSeq}`,
      output_index: 0,
      call_id: `call_${itemSeq}`,
      name: reply.call,
      arguments: args,
    });
    send({ type: "response.done", response: { id: responseId, status: "completed", output: [{ type: "function_call", name: reply.call, arguments: args }] } });
  };

  send({ type: "session.created", session: { type: "realtime", model: log.model ?? OPENAI_MODELS.realtime } });
  socket.on("message", (raw) => {
    // What the bridge sends, typed as the Realtime API's client events: a field the bridge names wrongly fails the typecheck.
    let event: RealtimeClientEvent;
    try {
      event = JSON.parse(String(raw)) as RealtimeClientEvent;
    } catch {
      send({ type: "error", error: { type: "invalid_request_error", message: "Invalid JSON" } });
      return;
    }
    const at = wallClock();
    // Audio is timed through `timings`; logging every frame's payload would only load the benchmark's own process.
    if (event.type !== "input_audio_buffer.append") log.received.push({ ...event, type: String(event.type), at });
    switch (event.type) {
      case "session.update": {
        // Refused as the API refuses it: an error naming the parameter, and the session left as it was.
        const refusal = sessionConfigRefusal(event.session);
        if (refusal) {
          send({ type: "error", error: { type: "invalid_request_error", ...refusal, event_id: event.event_id ?? null } });
          break;
        }
        if (!timings.sessionReady.has(tag)) timings.sessionReady.set(tag, at);
        if (event.session.type !== "realtime") {
          send({ type: "session.updated", session: event.session as SessionUpdatedEvent["session"] });
          break;
        }
        configured.instructions = event.session.instructions ?? configured.instructions;
        configured.tools = (event.session.tools ?? []).flatMap((tool) => ("name" in tool && tool.name ? [tool.name] : []));
        const { audio } = event.session;
        turnDetection = effectiveTurnDetection(audio?.input?.turn_detection, turnDetection);
        const detection = audio?.input?.turn_detection;
        if (detection) {
          configured.createResponse = detection.create_response ?? true;
          configured.interruptResponse = detection.interrupt_response ?? true;
        }
        // The effective configuration, as the API answers it: the provider's defaults filled in under what was sent.
        send({ type: "session.updated", session: { ...event.session, audio: { ...audio, input: { ...audio?.input, turn_detection: turnDetection } } } });
        break;
      }
      case "conversation.item.create":
        // A message the bridge adds (the greeting it played itself) joins the conversation: acknowledged, never spoken.
        ownerNote = ownerNoteOf(event) ?? ownerNote;
        if (event.item.type === "message") {
          // As the API refuses it: an assistant's content is output text or audio, never the caller's input kinds.
          if (event.item.role === "assistant" && event.item.content.some((part) => part.type !== "output_text" && part.type !== "output_audio")) {
            send({
              type: "error",
              error: {
                type: "invalid_request_error",
                code: "invalid_value",
                message: "Invalid value: an assistant message's content must be output_text or output_audio.",
                param: "item.content[0].type",
              },
            });
            break;
          }
          const item = { ...event.item, id: event.item.id ?? `item_msg_${++itemSeq}`, status: "completed" as const };
          send({ type: "conversation.item.added", previous_item_id: null, item });
          send({ type: "conversation.item.done", previous_item_id: null, item });
        }
        if (event.item.type === "function_call_output") {
          try {
            toolAnswer = JSON.parse(event.item.output) as ToolAnswer;
          } catch {
            toolAnswer = { ok: false, error: "The tool's answer was not JSON." };
          }
          if (awaitingToolOutput) noteToolAnswer(memory, awaitingToolOutput.call, toolAnswer);
        }
        break;
      case "response.create": {
        const instructions = event.response?.instructions;
        // Out of band: said beside the conversation, which it neither reads (no input) nor adds to; a pending call still waits.
        if (event.response?.conversation === "none") speak(spokenResponse(instructions), { outOfBand: true, metadata: event.response.metadata });
        // A response with instructions of its own (an owner's goodbye, a take-over's line) is said even while a tool's
        // answer is awaited, as a real model does; the tool's answer is still acted on when it comes.
        else if (awaitingToolOutput && !instructions) {
          const waited = awaitingToolOutput;
          awaitingToolOutput = null;
          act(nextAfter(waited, toolAnswer), true);
        } else if (pendingTurn && !instructions) {
          // The client asks for the answer to the caller's last turn.
          const reply = pendingTurn;
          pendingTurn = null;
          act(reply());
        } else speak(spokenResponse(instructions), { outOfBand: false, metadata: event.response?.metadata });
        break;
      }
      case "conversation.item.delete":
        // The caller's item the client dismissed (a cough) is forgotten, and so is any answer it was waiting for.
        if (event.item_id.startsWith("item_user_")) {
          pendingTurn = null;
          if (timings.turns.get(tag)?.at(-1)?.reply === null) timings.turns.get(tag)!.pop();
        } else cut(event.item_id);
        send({ type: "conversation.item.deleted", item_id: event.item_id });
        break;
      case "conversation.item.truncate":
        cut(event.item_id);
        break;
      case "response.cancel": {
        // A filler's, by id, marks its own frames when it is cancelled (it may be done already: then it was heard).
        if (event.response_id === undefined) cut();
        else if (!timings.cutFrames.has(tag)) cutPending = true;
        // By id, any response; without one, only the default conversation's.
        const id = event.response_id ?? speaking_?.id;
        const response = id ? (outOfBand.get(id) ?? (speaking_?.id === id ? speaking_ : undefined)) : undefined;
        if (response) response.cancel();
        else
          send({
            type: "error",
            error: { type: "invalid_request_error", code: "response_cancel_not_active", message: "Cancellation failed: no active response found." },
          });
        break;
      }
      case "input_audio_buffer.append": {
        const bytes = Buffer.from(String(event.audio ?? ""), "base64");
        const key = readTag(bytes.subarray(0, TAG_BYTES));
        if (key) timings.appended.set(key, at);
        if (key && cutPending) {
          timings.cutFrames.set(tag, key);
          cutPending = false;
        }
        const heard = vad.append(bytes, key);
        if (heard?.kind === "started") {
          if (!timings.speechStarted.has(tag)) timings.speechStarted.set(tag, wallClock());
          send({ type: "input_audio_buffer.speech_started", audio_start_ms: heard.audioStartMs, item_id: heard.itemId });
          if (configured.interruptResponse) speaking_?.cancel();
        } else if (heard?.kind === "stopped") {
          if (!timings.speechStopped.has(tag)) timings.speechStopped.set(tag, wallClock());
          timings.turnEnds.set(tag, [...(timings.turnEnds.get(tag) ?? []), wallClock()]);
          timings.turns.set(tag, [...(timings.turns.get(tag) ?? []), { end: vad.lastLoudKey, reply: null }]);
          send({ type: "input_audio_buffer.speech_stopped", audio_end_ms: heard.audioEndMs, item_id: heard.itemId });
          endTurn(heard.itemId, heard.audio, heard.loudMs);
        }
        break;
      }
      default:
        break;
    }
  });
}
