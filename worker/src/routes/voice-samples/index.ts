import { AGENT_DEFAULTS, AGENT_VOICES, VOICE_SAMPLES, isVoiceSampleIntent } from "@nikki/core";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { access, signedInCaller } from "../../middleware/access";
import type { OpenAiClient } from "../../services/openai/client";

/** Bumped when the sample texts or voice change, so the edge cache serves the new clips. */
const SAMPLES_VERSION = "v1";

const previewText = (voice: string) => `Hi, I'm ${voice[0]!.toUpperCase()}${voice.slice(1)}. Thanks for calling! How can I help you today?`;

/** Speech generated once per cache key with OpenAI TTS, then served from the edge cache (Cache API). */
async function cachedSpeech(c: Context<AppEnv>, openai: OpenAiClient | null, cacheKey: string, voice: string, input: string, label: Record<string, string>) {
  if (!openai) throw new ApiError("samples_unavailable");
  const cache = (caches as unknown as { default: Cache }).default;
  const key = new Request(`${new URL(c.req.url).origin}/__voice-samples/${SAMPLES_VERSION}/${cacheKey}`);
  const cached = await cache.match(key);
  if (cached) return new Response(cached.body, { headers: { ...Object.fromEntries(cached.headers), "x-cache": "HIT" } });
  try {
    const { audio, contentType } = await openai.speech({ voice, input });
    const headers = { "content-type": contentType, "cache-control": "public, max-age=86400", "content-length": String(audio.byteLength) };
    c.executionCtx.waitUntil(cache.put(key, new Response(audio, { headers })));
    c.var.log.info("voice_sample_generated", { ...label, bytes: audio.byteLength });
    return new Response(audio, { headers: { ...headers, "x-cache": "MISS" } });
  } catch (error) {
    c.var.log.warn("voice_sample_failed", { ...label, error: error instanceof Error ? error.message : String(error) });
    throw new ApiError("samples_unavailable", { message: "The voice sample could not be generated right now. Please try again later." });
  }
}

/**
 * `GET /api/voice-samples/:intent`: the site's samples in the house agent's voice (anyone). Unknown intent → 404;
 * no OPENAI_API_KEY → 503 with the reason.
 * `GET /api/voice-samples/voices/:voice`: a short preview of an agent voice for the wizard's Voice step (signed in).
 * Each clip is generated once and then served from the edge cache, so listening costs nothing after the first.
 */
export const voiceSampleRoutes = new Hono<AppEnv>()
  .get("/voices/:voice", access("signed-in"), async (c) => {
    const voice = c.req.param("voice");
    if (!(AGENT_VOICES as readonly string[]).includes(voice)) throw new ApiError("not_found", { message: `There is no voice called "${voice.slice(0, 40)}".` });
    // The caller's organization pays with its own OpenAI key when it brought one (the clip is then cached for all).
    const organizationId = signedInCaller(c).organizationId;
    const openai = organizationId ? (await c.var.services.providersFor(organizationId)).openai : c.var.services.openai;
    return cachedSpeech(c, openai, `voice-${voice}`, voice, previewText(voice), { voice });
  })
  .get("/:intent", async (c) => {
    const intent = c.req.param("intent");
    if (!isVoiceSampleIntent(intent)) throw new ApiError("not_found", { message: `There is no voice sample called "${intent.slice(0, 40)}".` });
    return cachedSpeech(c, c.var.services.openai, intent, AGENT_DEFAULTS.voice, VOICE_SAMPLES[intent], { intent });
  });
