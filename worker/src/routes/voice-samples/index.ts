import { AGENT_DEFAULTS, VOICE_SAMPLES, isVoiceSampleIntent } from "@nikki/core";
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";

/** Bumped when the sample texts or voice change, so the edge cache serves the new clips. */
const SAMPLES_VERSION = "v1";

/**
 * `GET /api/voice-samples/:intent`: the sample spoken by OpenAI TTS in the house agent's voice, generated once and
 * then served from the edge cache (Cache API). Unknown intent → 404; no OPENAI_API_KEY → 503 with the reason.
 */
export const voiceSampleRoutes = new Hono<AppEnv>().get("/:intent", async (c) => {
  const intent = c.req.param("intent");
  if (!isVoiceSampleIntent(intent)) throw new ApiError("not_found", { message: `There is no voice sample called "${intent.slice(0, 40)}".` });
  const openai = c.var.services.openai;
  if (!openai) throw new ApiError("samples_unavailable");

  const cache = (caches as unknown as { default: Cache }).default;
  const key = new Request(`${new URL(c.req.url).origin}/__voice-samples/${SAMPLES_VERSION}/${intent}`);
  const cached = await cache.match(key);
  if (cached) return new Response(cached.body, { headers: { ...Object.fromEntries(cached.headers), "x-cache": "HIT" } });

  try {
    const { audio, contentType } = await openai.speech({ voice: AGENT_DEFAULTS.voice, input: VOICE_SAMPLES[intent] });
    const headers = { "content-type": contentType, "cache-control": "public, max-age=86400", "content-length": String(audio.byteLength) };
    c.executionCtx.waitUntil(cache.put(key, new Response(audio, { headers })));
    c.var.log.info("voice_sample_generated", { intent, bytes: audio.byteLength });
    return new Response(audio, { headers: { ...headers, "x-cache": "MISS" } });
  } catch (error) {
    c.var.log.warn("voice_sample_failed", { intent, error: error instanceof Error ? error.message : String(error) });
    throw new ApiError("samples_unavailable", { message: "The voice sample could not be generated right now. Please try again later." });
  }
});
