import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { signedInCaller } from "../../middleware/access";
import { outboundFetch } from "../../services/outbound-fetch";

/** An SDP offer is a few kilobytes; anything much larger is not one. */
const MAX_OFFER_BYTES = 32 * 1024;
const UPSTREAM_TIMEOUT_MS = 15_000;

/** SDP is UTF-8 text; read as bytes, since workerd warns about `.text()` on a type it does not know as text. */
const sdpText = async (body: { arrayBuffer(): Promise<ArrayBuffer> }) => new TextDecoder().decode(await body.arrayBuffer());

/** The OpenAI account a signed-in person's demo runs on: their organization's (its own key or the platform's), else the platform's. */
export async function callerOpenAi(c: Context<AppEnv>) {
  const caller = signedInCaller(c);
  return caller.organizationId ? (await c.var.services.providersFor(caller.organizationId)).openai : c.var.services.openai;
}

/**
 * `POST /api/realtime/calls?model=`: the browser voice demo's SDP offer, relayed to the Realtime API's calls
 * endpoint with the ephemeral key the browser holds, and OpenAI's SDP answer relayed back. The page then only
 * ever connects to its own origin (the Content-Security-Policy's `connect-src 'self'`), wherever the API lives.
 */
export async function relayRealtimeOffer(c: Context<AppEnv>) {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/sdp")) {
    throw new ApiError("unsupported_media_type", { message: "Send the offer as application/sdp." });
  }
  const authorization = c.req.header("authorization") ?? "";
  if (!/^Bearer \S+$/.test(authorization)) throw new ApiError("validation_failed", { message: "Send the session key from /api/realtime/token." });
  const offer = await sdpText(c.req);
  if (!offer.startsWith("v=0") || offer.length > MAX_OFFER_BYTES) throw new ApiError("validation_failed", { message: "The offer is not an SDP description." });

  const openai = await callerOpenAi(c);
  if (!openai) throw new ApiError("backend_down");
  const model = c.req.query("model") ?? c.var.config.OPENAI_REALTIME_MODEL;
  let answer: Response;
  try {
    answer = await outboundFetch(`${openai.baseUrl}/realtime/calls?model=${encodeURIComponent(model)}`, {
      method: "POST",
      body: offer,
      headers: { authorization, "content-type": "application/sdp" },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    c.var.log.warn("realtime_offer_failed", { error: error instanceof Error ? error.message : String(error) });
    throw new ApiError("backend_down");
  }
  if (!answer.ok) {
    c.var.log.warn("realtime_offer_refused", { status: answer.status });
    // The key expired or was never valid: the page asks for a new one; anything else is the service being down.
    if (answer.status === 401) throw new ApiError("validation_failed", { message: "The session key has expired. Start the demo again." });
    throw new ApiError("backend_down");
  }
  return c.body(await sdpText(answer), 201, { "content-type": "application/sdp", "cache-control": "no-store" });
}
