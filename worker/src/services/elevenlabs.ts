/** ElevenLabs text to speech (`POST /v1/text-to-speech/{voice_id}`, `xi-api-key`), base URL from ELEVENLABS_API_BASE. */
import { ELEVENLABS_VOICE } from "@nikki/core";
import type { Config } from "../env";
import { outboundFetch } from "./outbound-fetch";

export interface ElevenLabsClient {
  readonly voiceId: string;
  /** MP3 audio of `text`; throws when ElevenLabs refuses or is slower than `timeoutMs`. */
  speak(text: string, timeoutMs: number): Promise<{ contentType: string; audio: Uint8Array }>;
}

export function elevenLabsClient(apiKey: string, config: Config): ElevenLabsClient {
  const { voiceId, modelId, outputFormat } = ELEVENLABS_VOICE;
  return {
    voiceId,
    async speak(text, timeoutMs) {
      const response = await outboundFetch(`${config.ELEVENLABS_API_BASE}/v1/text-to-speech/${voiceId}?output_format=${outputFormat}`, {
        method: "POST",
        headers: { "xi-api-key": apiKey, "content-type": "application/json", accept: "audio/mpeg" },
        body: JSON.stringify({ text, model_id: modelId }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`ElevenLabs answered ${response.status}`);
      return { contentType: response.headers.get("content-type") ?? "audio/mpeg", audio: new Uint8Array(await response.arrayBuffer()) };
    },
  };
}
