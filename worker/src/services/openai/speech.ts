import { OpenAiError } from "./chat";

/** OpenAI text-to-speech (`POST /v1/audio/speech`): the audio bytes and their content type. */
export async function synthesizeSpeech(options: { apiKey: string; baseUrl: string; voice: string; input: string }): Promise<{ audio: ArrayBuffer; contentType: string }> {
  const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/audio/speech`, {
    method: "POST",
    headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o-mini-tts", voice: options.voice, input: options.input, response_format: "mp3" }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; type?: string } } | null;
    throw new OpenAiError(response.status, body?.error?.code ?? body?.error?.type ?? null);
  }
  return { audio: await response.arrayBuffer(), contentType: response.headers.get("content-type") ?? "audio/mpeg" };
}
