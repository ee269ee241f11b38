import { OpenAiError } from "./chat";

export interface RealtimeClientSecret {
  value: string;
  /** Unix seconds. */
  expires_at: number;
}

/**
 * Mints an ephemeral Realtime key (`POST /v1/realtime/client_secrets`, GA) carrying the session's
 * instructions and voice, so the browser never sees the API key and cannot change who it talks to.
 */
export async function createRealtimeClientSecret(options: {
  apiKey: string;
  baseUrl: string;
  model: string;
  instructions: string;
  voice: string;
  ttlSeconds: number;
}): Promise<RealtimeClientSecret> {
  const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/realtime/client_secrets`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      expires_after: { anchor: "created_at", seconds: options.ttlSeconds },
      session: {
        type: "realtime",
        model: options.model,
        instructions: options.instructions,
        audio: {
          input: { turn_detection: { type: "server_vad" }, transcription: { model: "gpt-4o-mini-transcribe" } },
          output: { voice: options.voice },
        },
      },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; type?: string } } | null;
    throw new OpenAiError(response.status, body?.error?.code ?? body?.error?.type ?? null);
  }
  const body = (await response.json()) as Partial<RealtimeClientSecret>;
  if (typeof body.value !== "string" || typeof body.expires_at !== "number") throw new Error("OpenAI returned no client secret");
  return { value: body.value, expires_at: body.expires_at };
}
