import { OPENAI_MODELS } from "@nikki/core";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { RealtimeTarget } from "../../call/plan";
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

/** The SDK's errors as the routes word them: status and code, nothing of the request. */
async function mapped<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof OpenAI.APIError) {
      const code = typeof error.code === "string" ? error.code : typeof error.type === "string" ? error.type : null;
      throw new OpenAiError(error.status ?? 0, code);
    }
    throw error;
  }
}

/** The official SDK over the Worker's fetch; the base URL comes from configuration, so tests reach the simulator. */
export function liveOpenAiClient(options: { apiKey: string; baseUrl: string; realtimeUrl?: string }): OpenAiClient {
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  // Built on first use: a live call only needs the Realtime socket, and every call session holds a client.
  let client: OpenAI | null = null;
  const sdk = () => (client ??= new OpenAI({ apiKey: options.apiKey, baseURL: baseUrl, maxRetries: 1, fetch: outboundFetch }));
  return {
    baseUrl,
    async chatJson<T>({ system, user, schemaName, schema, timeoutMs }: Parameters<OpenAiClient["chatJson"]>[0]): Promise<T> {
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: system },
        { role: "user", content: user },
      ];
      const completion = await mapped(
        sdk().chat.completions.create(
          { model: OPENAI_MODELS.chat, messages, response_format: { type: "json_schema", json_schema: { name: schemaName, strict: true, schema } } },
          { timeout: timeoutMs ?? 30_000 },
        ),
      );
      const content = completion.choices[0]?.message.content;
      if (!content) throw new Error("OpenAI returned no content");
      return JSON.parse(content) as T;
    },
    async chatText({ messages, maxTokens, timeoutMs }) {
      const completion = await mapped(
        sdk().chat.completions.create({ model: OPENAI_MODELS.chat, messages, max_completion_tokens: maxTokens }, { timeout: timeoutMs ?? 15_000 }),
      );
      const content = completion.choices[0]?.message.content?.trim();
      if (!content) throw new Error("OpenAI returned no content");
      return content;
    },
    async speech({ voice, input, format = "mp3" }) {
      const response = await mapped(sdk().audio.speech.create({ model: OPENAI_MODELS.speech, voice, input, response_format: format }, { timeout: 30_000 }));
      return { audio: await response.arrayBuffer(), contentType: response.headers.get("content-type") ?? "audio/mpeg" };
    },
    async realtimeClientSecret({ model, instructions, voice, ttlSeconds }) {
      const secret = await mapped(
        sdk().realtime.clientSecrets.create(
          {
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
          },
          { timeout: 10_000 },
        ),
      );
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
