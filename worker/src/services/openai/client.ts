/**
 * OpenAI's REST calls the product makes, over fetch. The official `openai` SDK is 400 KB of the bundle for three
 * endpoints (its client class builds every resource), so it is kept for its types, which hold these requests and the
 * answers read to the real API, and as the oracle of the Node-run tests (worker/test/node/openai-oracle.test.ts).
 */
import { OPENAI_MODELS } from "@nikki/core";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { SpeechCreateParams } from "openai/resources/audio/speech";
import type { ClientSecretCreateParams, ClientSecretCreateResponse } from "openai/resources/realtime/client-secrets";
import type { RealtimeTarget } from "../../call/plan";
import { type RetryPolicy, sendWithOneRetry } from "../one-retry";
import { outboundFetch } from "../outbound-fetch";

/** An OpenAI error answer: its HTTP status and error code (`insufficient_quota`, `rate_limit_exceeded`, …). */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`OpenAI answered ${status}${code ? ` (${code})` : ""}`);
  }
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface RealtimeClientSecret {
  value: string;
  /** Unix seconds. */
  expires_at: number;
}

/** Everything the product asks of OpenAI, on one account (the platform's, or an organization's own). */
export interface OpenAiClient {
  /** The API base the browser demo's WebRTC peer reaches (`{base}/realtime/calls`). */
  readonly baseUrl: string;
  /** A chat completion answering with JSON that follows `schema`. */
  chatJson<T>(options: { system: string; user: string; schemaName: string; schema: Record<string, unknown>; timeoutMs?: number }): Promise<T>;
  /** A plain-text chat completion (SMS replies, the chat assistant). */
  chatText(options: { messages: ChatMessage[]; maxTokens: number; timeoutMs?: number }): Promise<string>;
  /** Text to speech (`POST /v1/audio/speech`): the audio bytes (MP3 unless asked for WAV) and their content type. */
  speech(options: { voice: string; input: string; format?: "mp3" | "wav" }): Promise<{ audio: ArrayBuffer; contentType: string }>;
  /**
   * An ephemeral Realtime key (`POST /v1/realtime/client_secrets`, GA) carrying the session's instructions and
   * voice, so the browser never sees the API key and cannot change who it talks to.
   */
  realtimeClientSecret(options: { model: string; instructions: string; voice: string; ttlSeconds: number }): Promise<RealtimeClientSecret>;
  /** Where a live call's Realtime websocket opens (`GET /v1/realtime?model=`) and with which key: the media plane opens it. */
  realtimeTarget(model: string): RealtimeTarget;
}

/**
 * The SDK's retry (`maxRetries: 1`): 408, 409, 429 and 5xx unless `x-should-retry` says otherwise, after the
 * answer's `retry-after-ms` or `retry-after` when it asks for at most a minute, else after 0.375-0.5 s.
 */
const openAiRetry: RetryPolicy = {
  retryable(response) {
    const told = response.headers.get("x-should-retry");
    if (told === "true" || told === "false") return told === "true";
    return response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
  },
  delayMs(response) {
    const afterMs = Number.parseFloat(response?.headers.get("retry-after-ms") ?? "");
    const afterHeader = response?.headers.get("retry-after") ?? "";
    const afterSeconds = Number.parseFloat(afterHeader);
    const asked = !Number.isNaN(afterMs)
      ? afterMs
      : afterHeader
        ? !Number.isNaN(afterSeconds)
          ? afterSeconds * 1000
          : Date.parse(afterHeader) - Date.now()
        : Number.NaN;
    return Number.isFinite(asked) && asked >= 0 && asked <= 60_000 ? asked : 500 * (1 - Math.random() * 0.25);
  },
};

/** An error answer as the routes word it: its status and OpenAI's error code (else its type), nothing of the request. */
async function openAiError(response: Response): Promise<OpenAiError> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown; type?: unknown } } | null;
  const { code, type } = body?.error ?? {};
  return new OpenAiError(response.status, typeof code === "string" ? code : typeof type === "string" ? type : null);
}

/** OpenAI's REST API over the Worker's fetch; the base URL comes from configuration, so tests reach the simulator. */
export function liveOpenAiClient(options: { apiKey: string; baseUrl: string; realtimeUrl?: string }): OpenAiClient {
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  async function post(path: string, body: object, timeoutMs: number, accept = "application/json"): Promise<Response> {
    const response = await sendWithOneRetry(
      (signal) =>
        outboundFetch(`${baseUrl}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json", accept },
          body: JSON.stringify(body),
          signal,
        }),
      timeoutMs,
      openAiRetry,
    );
    if (!response.ok) throw await openAiError(response);
    return response;
  }
  async function chat(params: ChatCompletionCreateParamsNonStreaming, timeoutMs: number): Promise<string | null | undefined> {
    const completion = (await (await post("/chat/completions", params, timeoutMs)).json()) as ChatCompletion;
    return completion.choices[0]?.message.content;
  }
  return {
    baseUrl,
    async chatJson<T>({ system, user, schemaName, schema, timeoutMs }: Parameters<OpenAiClient["chatJson"]>[0]): Promise<T> {
      const content = await chat(
        {
          model: OPENAI_MODELS.chat,
          messages: [
            { role: "system", content: system },
            { role: "user", content: user },
          ],
          response_format: { type: "json_schema", json_schema: { name: schemaName, strict: true, schema } },
        },
        timeoutMs ?? 30_000,
      );
      if (!content) throw new Error("OpenAI returned no content");
      return JSON.parse(content) as T;
    },
    async chatText({ messages, maxTokens, timeoutMs }) {
      const content = (await chat({ model: OPENAI_MODELS.chat, messages, max_completion_tokens: maxTokens }, timeoutMs ?? 15_000))?.trim();
      if (!content) throw new Error("OpenAI returned no content");
      return content;
    },
    async speech({ voice, input, format = "mp3" }) {
      const params: SpeechCreateParams = { model: OPENAI_MODELS.speech, voice, input, response_format: format };
      const response = await post("/audio/speech", params, 30_000, "application/octet-stream");
      return { audio: await response.arrayBuffer(), contentType: response.headers.get("content-type") ?? "audio/mpeg" };
    },
    async realtimeClientSecret({ model, instructions, voice, ttlSeconds }) {
      const params: ClientSecretCreateParams = {
        expires_after: { anchor: "created_at", seconds: ttlSeconds },
        session: {
          type: "realtime",
          model,
          instructions,
          audio: {
            input: { turn_detection: { type: "server_vad" }, transcription: { model: OPENAI_MODELS.transcription } },
            output: { voice },
          },
        },
      };
      const secret = (await (await post("/realtime/client_secrets", params, 10_000)).json()) as Partial<ClientSecretCreateResponse>;
      if (typeof secret.value !== "string" || typeof secret.expires_at !== "number") throw new Error("OpenAI returned no client secret");
      return { value: secret.value, expires_at: secret.expires_at };
    },
    realtimeTarget(model) {
      // The SDK's own Realtime websocket client needs Node's `ws`; on Workers the upgrade is a fetch, to an http(s) URL.
      const realtime = (options.realtimeUrl ?? `${baseUrl}/realtime`).replace(/^ws/, "http");
      return { url: `${realtime}?model=${encodeURIComponent(model)}`, apiKey: options.apiKey, model, fromBusiness: options.realtimeUrl !== undefined };
    },
  };
}
