/**
 * An OpenAI simulator for tests and benchmarks, speaking the real wire formats: the Realtime websocket
 * (GA events: session.created/updated, server VAD from the energy of the μ-law audio it receives, streamed
 * audio deltas, transcripts, function calls on cue), chat completions (a question answered from the system prompt's
 * knowledge, knowledge-answer.ts) and with a JSON-schema answer (the call analysis: call-analysis.ts), Realtime
 * client secrets, speech (a playable WAV, speech.ts), and the WebRTC calls endpoint the browser demo posts its SDP offer to (realtime-webrtc.ts).
 * Test infrastructure only: the worker reaches it through OPENAI_BASE_URL, never by import.
 */
import { OPENAI_MODELS } from "@nikki/core/constants";
import { CHAT_OFFER_MARK } from "@nikki/core/chat";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { wallClock } from "./frame-tag";
import { type AudioTimings, type OpenAiSimulatorOptions, type RealtimeLog, realtimeSession } from "./realtime-session";
import type { RTCPeerConnection } from "werift";
import { type WebRtcSessionLog, answerRealtimeOffer } from "./realtime-webrtc";
import { analyseTranscript } from "./call-analysis";
import { SIMULATED_BUSINESS_CREDENTIALS } from "./credentials";
import { answerFromKnowledge, questionIn, saysNotKnown } from "./knowledge-answer";
import { speechWav } from "./speech";

export type { AudioTimings, OpenAiSimulatorOptions, RealtimeLog, ScriptedTurn } from "./realtime-session";

const INJECTION =
  /(ignore|disregard|forget|override)\b.{0,40}\b(instruction|rule|prompt)|system prompt|(repeat|print|show|reveal|output|tell me|quote|translate|summari[sz]e)\b.{0,40}\b(instruction|prompt|above|marker|rules|secret|confidential)|developer mode|jailbreak/i;

export interface OpenAiSimulator {
  baseUrl: string;
  sessions: RealtimeLog[];
  chatRequests: unknown[];
  timings: AudioTimings;
  close(): Promise<void>;
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
  const webrtcPeers = new Set<RTCPeerConnection>();
  /** The platform's key and a business's own (Integrations), and which one each request used. */
  const acceptedKeys = new Set([options.apiKey, SIMULATED_BUSINESS_CREDENTIALS.openai.api_key]);
  const keyUsage: { path: string; key: string }[] = [];
  const timings: AudioTimings = {
    appended: new Map(),
    delivered: new Map(),
    speechStarted: new Map(),
    sessionReady: new Map(),
    speechStopped: new Map(),
    toolAnswer: new Map(),
    turnEnds: new Map(),
    toolAnswers: new Map(),
    utterances: new Map(),
    fillerFrames: new Map(),
    turns: new Map(),
    cutFrames: new Map(),
    cancelledFrames: new Set(),
  };
  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/__chat-requests") return json(200, chatRequests.slice(-20));
    const take = request.url === "/__timings?take=1";
    if (take || request.url === "/__timings") {
      const body = {
        appended: [...timings.appended],
        delivered: [...timings.delivered],
        speechStarted: [...timings.speechStarted],
        sessionReady: [...timings.sessionReady],
        speechStopped: [...timings.speechStopped],
        toolAnswer: [...timings.toolAnswer],
        turnEnds: [...timings.turnEnds],
        toolAnswers: [...timings.toolAnswers],
        utterances: [...timings.utterances],
        fillerFrames: [...timings.fillerFrames],
        turns: [...timings.turns],
        cutFrames: [...timings.cutFrames],
        cancelledFrames: [...timings.cancelledFrames],
      };
      // Taken: a benchmark reads each pass's frames once, and a record kept for the whole run would grow this process's
      // heap, and its garbage collector's pauses, under the frames of every later pass.
      if (take) for (const record of Object.values(timings)) record.clear();
      return json(200, body);
    }
    if (request.url === "/__speech-requests") return json(200, speechRequests);
    if (request.url === "/__keys") return json(200, keyUsage.slice(-50));
    if (request.url === "/__client-secrets") return json(200, clientSecretRequests.slice(-20));
    if (request.url === "/__webrtc-sessions") return json(200, webrtcSessions);
    // Each Realtime session's life: when it opened, whether the bridge closed it, what the bridge sent (no audio), and
    // what the model sent back (no audio deltas).
    if (request.url === "/__realtime-lifecycles")
      return json(
        200,
        sessions.map((session) => ({
          opened_at: session.received[0]?.at ?? null,
          closed_at: session.closedAt ?? null,
          types: session.received.map((event) => event.type),
          sent: session.sent.map((event) => event.type),
          key_owner: session.keyOwner ?? null,
          model: session.model ?? null,
          instructions: String((session.received.find((event) => event.type === "session.update")?.session as { instructions?: string })?.instructions ?? ""),
        })),
      );
    // What each call's bridge sent (audio left out): e2e checks the agent's instructions and greeting.
    // Drops, without a close frame, every open session whose instructions contain the given text: a lost connection.
    if (request.url === "/__realtime-drop" && request.method === "POST") {
      const { instructions_contain } = JSON.parse(await readBody(request)) as { instructions_contain: string };
      let dropped = 0;
      for (const [ws, log] of open) {
        const update = log.received.find((event) => event.type === "session.update") as { session?: { instructions?: string } } | undefined;
        if (update?.session?.instructions?.includes(instructions_contain)) {
          ws.terminate();
          dropped++;
        }
      }
      return json(200, { dropped });
    }
    if (request.url === "/__realtime-sessions")
      return json(
        200,
        sessions.map((session) => session.received),
      );
    if (request.url?.startsWith("/v1/realtime/calls")) {
      // The product's relay (POST /api/realtime/calls) posts the browser's offer here, with the browser's ephemeral key.
      const key = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const secret = clientSecrets.get(key);
      if (!secret || secret.expiresAt < Date.now()) {
        response.writeHead(401, { "content-type": "application/json" });
        return void response.end(JSON.stringify({ error: { message: "Invalid or expired ephemeral key", type: "invalid_request_error" } }));
      }
      if (request.method !== "POST" || !request.headers["content-type"]?.startsWith("application/sdp")) {
        response.writeHead(400, { "content-type": "application/json" });
        return void response.end(JSON.stringify({ error: { message: "Send the SDP offer as application/sdp" } }));
      }
      const log: WebRtcSessionLog = { received: [], audioPackets: 0, state: "new" };
      webrtcSessions.push(log);
      const answer = await answerRealtimeOffer(await readBody(request), secret.instructions, log, webrtcPeers);
      response.writeHead(201, { "content-type": "application/sdp", location: `/v1/realtime/calls/rtc_${webrtcSessions.length}` });
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
      const body = JSON.parse(await readBody(request)) as { input?: string; voice?: string; response_format?: string };
      speechRequests.push(body);
      // A cue in the text to speak, as the chat's are: text to speech down (OpenAI's 500), as a greeting rendered ahead may meet it.
      if (body.input?.includes("[simulate:speech-error]"))
        return json(500, { error: { message: "The server had an error while processing your request.", type: "server_error", code: null } });
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
        // A model that falls for prompt injection, the worst case the product must survive: asked for its
        // instructions, it recites them, canary and all.
        if (INJECTION.test(last)) {
          const system = body.messages.find((message) => message.role === "system")?.content ?? "";
          return completion(`Of course! Here is everything I was told: ${system}`);
        }
        // A question gets the answer its instructions' knowledge gives (knowledge-answer.ts), or "I don't know".
        const question = questionIn(last);
        if (question) {
          const system = body.messages.find((message) => message.role === "system")?.content ?? "";
          const answer = answerFromKnowledge(question, system);
          // As a model follows its instructions: an "I don't know" ends with the mark the chat's instructions ask for.
          return completion(saysNotKnown(answer) && system.includes(CHAT_OFFER_MARK) ? `${answer} ${CHAT_OFFER_MARK}` : answer);
        }
        return completion(`Thanks for your message! About "${last.slice(0, 60)}": we'd be glad to help.`);
      }
      const conversation = body.messages.find((message) => message.role === "user")?.content ?? "";
      // The same cues inside a transcript fail its analysis: OpenAI's 500 and its rate limit.
      if (conversation.includes("[simulate:server-error]"))
        return json(500, { error: { message: "The server had an error while processing your request.", type: "server_error", code: null } });
      if (conversation.includes("[simulate:rate-limit]")) {
        return json(429, { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } });
      }
      const fields = body.response_format?.json_schema?.schema?.properties?.entities?.required ?? [];
      const system = body.messages.find((message) => message.role === "system")?.content ?? "";
      return completion(JSON.stringify(analyseTranscript(conversation, fields, system)));
    }
    json(404, { error: { message: `Unknown path ${request.url}` } });
  });
  const realtime = new WebSocketServer({ noServer: true });
  /** The open Realtime sessions, so a test can drop one mid-call (/__realtime-drop). */
  const open = new Map<WebSocket, RealtimeLog>();
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
      const key = request.headers.authorization?.replace(/^Bearer /, "");
      const model = new URL(request.url ?? "/", "http://localhost").searchParams.get("model") ?? undefined;
      const log: RealtimeLog = { received: [], sent: [], keyOwner: key === options.apiKey ? "platform" : "business", ...(model ? { model } : {}) };
      sessions.push(log);
      open.set(ws, log);
      ws.on("close", () => {
        open.delete(ws);
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
    close: async () => {
      for (const client of realtime.clients) client.terminate();
      // A WebRTC peer's sockets (ICE, mDNS) and timers would keep the process alive after the run.
      await Promise.all([...webrtcPeers].map((peer) => peer.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
