/**
 * The ElevenLabs half of the integrations simulator: `GET /v1/user` and `POST /v1/text-to-speech/{voice_id}`
 * (`xi-api-key` header), answering audio/mpeg bytes that name the text, so a test can tell prompts apart.
 */
import { SIMULATED_BUSINESS_CREDENTIALS } from "./credentials";
import type { SimulatorAnswer } from "./crm";

const REFUSED: SimulatorAnswer = { status: 401, body: { detail: { status: "invalid_api_key", message: "Invalid API key" } } };

export function handleElevenLabs(method: string, url: URL, apiKey: string | null, text: string): SimulatorAnswer | null {
  if (!url.pathname.startsWith("/v1/user") && !url.pathname.startsWith("/v1/text-to-speech/")) return null;
  if (apiKey !== SIMULATED_BUSINESS_CREDENTIALS.elevenlabs.api_key) return REFUSED;
  if (method === "GET" && url.pathname === "/v1/user") {
    return {
      status: 200,
      body: {
        user_id: "user_simulated",
        first_name: "Sam",
        subscription: { tier: "starter", character_count: 1200, character_limit: 30000, status: "active" },
      },
    };
  }
  const voice = /^\/v1\/text-to-speech\/([\w-]+)$/.exec(url.pathname)?.[1];
  if (method === "POST" && voice) {
    const { text: spoken } = JSON.parse(text || "{}") as { text?: string };
    if (!spoken) return { status: 422, body: { detail: [{ loc: ["body", "text"], msg: "field required", type: "value_error.missing" }] } };
    // An MPEG frame header followed by the text: enough for a player to be handed "audio", and for a test to read.
    return { status: 200, contentType: "audio/mpeg", body: Buffer.concat([Buffer.from([0xff, 0xf3, 0x44, 0xc4]), Buffer.from(`${voice}:${spoken}`)]) };
  }
  return { status: 404, body: { detail: { status: "not_found", message: "Not found" } } };
}
