/**
 * An OpenAI simulator for tests and benchmarks, speaking the real wire formats: the Realtime websocket
 * (GA events: session.created/updated, server VAD from the energy of the μ-law audio it receives, streamed
 * audio deltas, transcripts, function calls on cue), chat completions with a JSON-schema answer, Realtime
 * client secrets, speech (a playable WAV, speech.ts), and the WebRTC calls endpoint the browser demo posts its SDP offer to (realtime-webrtc.ts).
 * Test infrastructure only: the worker reaches it through OPENAI_BASE_URL, never by import.
 */
import { OPENAI_MODELS } from "@nikki/core/constants";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RealtimeClientEvent, SessionUpdatedEvent } from "openai/resources/realtime/realtime";
import type { SimulatedServerEvent } from "./realtime-events";
import { type WebSocket, WebSocketServer } from "ws";
import { readTag, tagFrame, wallClock } from "./frame-tag";
import { type WebRtcSessionLog, answerRealtimeOffer } from "./realtime-webrtc";
import { SIMULATED_BUSINESS_CREDENTIALS } from "./credentials";
import { speechWav } from "./speech";

export interface ScriptedTurn {
  /** What the caller "said" (the transcription of their speech). */
  transcript: string;
  /** Nikki's spoken answer, or a function call the model makes before answering. */
  reply: { say: string } | { call: string; arguments: Record<string, unknown>; then: string };
}

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
}

export interface OpenAiSimulator {
  baseUrl: string;
  sessions: RealtimeLog[];
  chatRequests: unknown[];
  timings: AudioTimings;
  close(): Promise<void>;
}

const FRAME_BYTES = 160;
/** μ-law code → linear magnitude (G.711), enough to measure energy. */
function ulawMagnitude(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  return (((mantissa << 3) + 0x84) << exponent) - 0x84;
}
function frameEnergy(base64: string): number {
  const bytes = Buffer.from(base64, "base64");
  let sum = 0;
  for (const byte of bytes) sum += ulawMagnitude(byte);
  return bytes.length ? sum / bytes.length : 0;
}
const SPEECH_ENERGY = 1000;
/** 500 ms of silence ends a turn, as server VAD's silence_duration_ms does. */
const SILENCE_FRAMES_TO_STOP = 25;

function realtimeSession(socket: WebSocket, options: OpenAiSimulatorOptions, log: RealtimeLog, tag: number, timings: AudioTimings) {
  const script = [...(options.script ?? [])];
  let speaking = false;
  let silentFrames = 0;
  let itemSeq = 0;
  let awaitingToolOutput: { then: string } | null = null;
  let deltaSeq = 0;
  const send = (event: SimulatedServerEvent) => {
    if (event.type !== "response.output_audio.delta") log.sent.push({ type: String(event.type), at: performance.now() });
    socket.send(JSON.stringify({ event_id: `event_${Math.random().toString(36).slice(2)}`, ...event }));
  };
  /** The response being spoken, cancelled when the caller starts talking (server VAD's interrupt_response). */
  let speaking_: { cancel(): void } | null = null;
  const speak = (text: string) => {
    const responseId = `resp_${++itemSeq}`;
    const itemId = `item_${itemSeq}`;
    send({ type: "response.created", response: { id: responseId, status: "in_progress" } });
    const silence = new Uint8Array(FRAME_BYTES).fill(0xff);
    let sent = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (status: "completed" | "cancelled") => {
      if (timer) clearTimeout(timer);
      speaking_ = null;
      if (status === "completed") {
        send({ type: "response.output_audio.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 });
        send({ type: "response.output_audio_transcript.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, transcript: text });
      }
      send({
        type: "response.done",
        response: {
          id: responseId,
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
      const delta = Buffer.from(tagFrame(silence, tag, sequence)).toString("base64");
      timings.delivered.set(`${tag}:${sequence}`, wallClock());
      send({ type: "response.output_audio.delta", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta });
      sent++;
      timer = setTimeout(next, 5);
    };
    speaking_?.cancel();
    speaking_ = { cancel: () => finish("cancelled") };
    if (options.responseDelayMs) timer = setTimeout(next, options.responseDelayMs);
    else next();
  };
  const answerTurn = () => {
    const turn = script.shift() ?? { transcript: "Thanks.", reply: { say: "You're welcome. Anything else?" } };
    send({ type: "conversation.item.input_audio_transcription.completed", item_id: `item_user_${itemSeq}`, content_index: 0, transcript: turn.transcript });
    if ("call" in turn.reply) {
      awaitingToolOutput = { then: turn.reply.then };
      const responseId = `resp_${++itemSeq}`;
      send({ type: "response.created", response: { id: responseId, status: "in_progress" } });
      send({
        type: "response.function_call_arguments.done",
        response_id: responseId,
        item_id: `item_fc_${itemSeq}`,
        output_index: 0,
        call_id: `call_${itemSeq}`,
        name: turn.reply.call,
        arguments: JSON.stringify(turn.reply.arguments),
      });
      send({
        type: "response.done",
        response: {
          id: responseId,
          status: "completed",
          output: [{ type: "function_call", name: turn.reply.call, arguments: JSON.stringify(turn.reply.arguments) }],
        },
      });
    } else {
      speak(turn.reply.say);
    }
  };

  send({ type: "session.created", session: { type: "realtime", model: OPENAI_MODELS.realtime } });
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
      case "session.update":
        if (!timings.sessionReady.has(tag)) timings.sessionReady.set(tag, at);
        send({ type: "session.updated", session: event.session as SessionUpdatedEvent["session"] });
        break;
      case "response.create": {
        const instructions = event.response?.instructions;
        if (awaitingToolOutput) {
          const then = awaitingToolOutput.then;
          awaitingToolOutput = null;
          speak(then);
        } else speak(instructions ? `(${instructions.slice(0, 60)})` : "How can I help?");
        break;
      }
      case "input_audio_buffer.append": {
        const audio = String(event.audio ?? "");
        const key = readTag(Buffer.from(audio.slice(0, 12), "base64"));
        if (key) timings.appended.set(key, at);
        const loud = frameEnergy(audio) > SPEECH_ENERGY;
        if (loud && !speaking) {
          speaking = true;
          silentFrames = 0;
          if (!timings.speechStarted.has(tag)) timings.speechStarted.set(tag, wallClock());
          send({ type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: `item_user_${itemSeq}` });
          speaking_?.cancel();
        } else if (!loud && speaking && ++silentFrames >= SILENCE_FRAMES_TO_STOP) {
          speaking = false;
          send({ type: "input_audio_buffer.speech_stopped", audio_end_ms: 0, item_id: `item_user_${itemSeq}` });
          answerTurn();
        } else if (loud) silentFrames = 0;
        break;
      }
      default:
        break;
    }
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

export async function startOpenAiSimulator(options: OpenAiSimulatorOptions): Promise<OpenAiSimulator> {
  const sessions: RealtimeLog[] = [];
  const chatRequests: unknown[] = [];
  /** Ephemeral keys minted by `POST /v1/realtime/client_secrets`: value → expiry (ms) and the session's instructions. */
  const clientSecrets = new Map<string, { expiresAt: number; instructions: string }>();
  const clientSecretRequests: unknown[] = [];
  const speechRequests: unknown[] = [];
  const webrtcSessions: WebRtcSessionLog[] = [];
  /** The platform's key and a business's own (Integrations), and which one each request used. */
  const acceptedKeys = new Set([options.apiKey, SIMULATED_BUSINESS_CREDENTIALS.openai.api_key]);
  const keyUsage: { path: string; key: string }[] = [];
  const timings: AudioTimings = { appended: new Map(), delivered: new Map(), speechStarted: new Map(), sessionReady: new Map() };
  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/__chat-requests") return json(200, chatRequests.slice(-20));
    if (request.url === "/__timings") {
      return json(200, {
        appended: [...timings.appended],
        delivered: [...timings.delivered],
        speechStarted: [...timings.speechStarted],
        sessionReady: [...timings.sessionReady],
      });
    }
    if (request.url === "/__speech-requests") return json(200, speechRequests);
    if (request.url === "/__keys") return json(200, keyUsage.slice(-50));
    if (request.url === "/__client-secrets") return json(200, clientSecretRequests.slice(-20));
    if (request.url === "/__webrtc-sessions") return json(200, webrtcSessions);
    // Each Realtime session's life: when it opened, whether the bridge closed it, and what the bridge sent (no audio).
    if (request.url === "/__realtime-lifecycles")
      return json(
        200,
        sessions.map((session) => ({
          opened_at: session.received[0]?.at ?? null,
          closed_at: session.closedAt ?? null,
          types: session.received.map((event) => event.type),
          instructions: String((session.received.find((event) => event.type === "session.update")?.session as { instructions?: string })?.instructions ?? ""),
        })),
      );
    // What each call's bridge sent (audio left out): e2e checks the agent's instructions and greeting.
    if (request.url === "/__realtime-sessions")
      return json(
        200,
        sessions.map((session) => session.received),
      );
    if (request.url?.startsWith("/v1/realtime/calls")) {
      // The browser posts here directly (CORS), authorised by an ephemeral key, not the API key.
      const cors = {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "authorization, content-type",
        "access-control-allow-methods": "POST",
      };
      if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
      const key = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const secret = clientSecrets.get(key);
      if (!secret || secret.expiresAt < Date.now()) {
        response.writeHead(401, { ...cors, "content-type": "application/json" });
        return void response.end(JSON.stringify({ error: { message: "Invalid or expired ephemeral key", type: "invalid_request_error" } }));
      }
      if (request.method !== "POST" || !request.headers["content-type"]?.startsWith("application/sdp")) {
        response.writeHead(400, { ...cors, "content-type": "application/json" });
        return void response.end(JSON.stringify({ error: { message: "Send the SDP offer as application/sdp" } }));
      }
      const log: WebRtcSessionLog = { received: [], audioPackets: 0, state: "new" };
      webrtcSessions.push(log);
      const answer = await answerRealtimeOffer(await readBody(request), secret.instructions, log);
      response.writeHead(201, { ...cors, "content-type": "application/sdp", location: `/v1/realtime/calls/rtc_${webrtcSessions.length}` });
      return void response.end(answer);
    }
    const key = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!acceptedKeys.has(key)) {
      return json(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } });
    }
    keyUsage.push({ path: request.url ?? "", key });
    if (request.method === "GET" && request.url === "/v1/models") {
      return json(200, {
        object: "list",
        data: Object.values(OPENAI_MODELS).map((id) => ({ id, object: "model", created: 1_715_367_049, owned_by: "system" })),
      });
    }
    if (request.method === "POST" && request.url === "/v1/audio/speech") {
      const body = JSON.parse(await readBody(request)) as { input?: string; voice?: string };
      speechRequests.push(body);
      response.writeHead(200, { "content-type": "audio/wav" });
      return void response.end(speechWav(body.input ?? ""));
    }
    if (request.method === "POST" && request.url === "/v1/realtime/client_secrets") {
      const body = JSON.parse(await readBody(request)) as { expires_after?: { seconds?: number }; session?: { instructions?: string } };
      clientSecretRequests.push(body);
      const value = `ek_sim_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
      const expiresAt = Date.now() + (body.expires_after?.seconds ?? 600) * 1000;
      clientSecrets.set(value, { expiresAt, instructions: body.session?.instructions ?? "" });
      return json(200, { value, expires_at: Math.floor(expiresAt / 1000), session: body.session });
    }
    if (request.method === "POST" && request.url === "/v1/chat/completions") {
      const body = JSON.parse(await readBody(request)) as {
        model: string;
        messages: { role: string; content: string }[];
        response_format?: { json_schema?: { schema?: { properties?: { entities?: { required?: string[] } } } } };
      };
      chatRequests.push(body);
      const completion = (content: string) =>
        json(200, {
          id: `chatcmpl-${Date.now()}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        });
      if (!body.response_format) {
        const last = [...body.messages].reverse().find((message) => message.role === "user")?.content ?? "";
        // Cues a test can type to get OpenAI's real failure answers (both come back as HTTP 429).
        if (last.includes("[simulate:rate-limit]")) {
          return json(429, { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } });
        }
        if (last.includes("[simulate:quota]")) {
          return json(429, { error: { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota" } });
        }
        return completion(`Thanks for your message! About "${last.slice(0, 60)}": we'd be glad to help.`);
      }
      const conversation = body.messages.find((message) => message.role === "user")?.content ?? "";
      const fields = body.response_format?.json_schema?.schema?.properties?.entities?.required ?? [];
      // What the caller said about themselves (the receptionist's lines name the business, not the caller).
      const callerLines = conversation
        .split("\n")
        .filter((line) => line.startsWith("Caller: "))
        .map((line) => line.slice("Caller: ".length))
        .join("\n");
      const name =
        /\b(?:this is|my name is|I'm|I am|soy|me llamo)\s+([A-ZÁÉÍÓÚ][a-záéíóúñ]+ [A-ZÁÉÍÓÚ][a-záéíóúñ]+)/.exec(callerLines)?.[1] ??
        /\b([A-Z][a-z]+ [A-Z][a-z]+)\b/.exec(callerLines)?.[1] ??
        "";
      const phone = /\+?\d[\d\s().-]{8,}\d/.exec(conversation)?.[0] ?? "";
      const content = {
        summary: `${name || "A caller"} called: ${
          conversation
            .split("\n")[0]
            ?.replace(/^Caller: /, "")
            .slice(0, 120) ?? ""
        }`,
        sentiment: /thank|great|perfect/i.test(conversation) ? "positive" : "neutral",
        entities: Object.fromEntries(fields.map((field) => [field, field === "name" ? name : field === "phone" ? phone : ""])),
      };
      return completion(JSON.stringify(content));
    }
    json(404, { error: { message: `Unknown path ${request.url}` } });
  });
  const realtime = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== "/v1/realtime" || !acceptedKeys.has(request.headers.authorization?.replace(/^Bearer /, "") ?? "")) {
      socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n");
      return;
    }
    if (options.connectDelayMs) {
      const upgrade = () => accept(request, socket, head);
      setTimeout(upgrade, options.connectDelayMs);
    } else accept(request, socket, head);
  });
  const accept = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    realtime.handleUpgrade(request, socket, head, (ws) => {
      const log: RealtimeLog = { received: [], sent: [] };
      sessions.push(log);
      ws.on("close", () => {
        log.closedAt = wallClock();
      });
      realtimeSession(ws, options, log, 1000 + sessions.length, timings);
    });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${options.port}/v1`,
    sessions,
    chatRequests,
    timings,
    close: () =>
      new Promise((resolve) => {
        for (const client of realtime.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
