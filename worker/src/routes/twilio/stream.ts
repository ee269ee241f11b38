import { ownBridgeUrl } from "@nikki/core";
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env";
import { eq } from "drizzle-orm";
import { calls, organizationSettings } from "../../db/schema";
import { ownTwilioToken } from "../../integrations/store";
import { verifyTwilioSignature } from "../../services/twilio/signature";

const CALL_SID = /^CA[0-9a-f]{32}$/i;

/** The stream URL this deployment's TwiML names when no other bridge is saved (`bridgeUrlOf`): what Twilio signs. */
const deploymentStreamUrl = (origin: string, callSid: string) => `${ownBridgeUrl(origin)}/${callSid}`;

/**
 * The tokens that may have signed the stream (the platform's, and the call's organization's own when it runs on its
 * own Twilio account) and the URLs Twilio may have signed: this deployment's, and the organization's voice bridge.
 */
async function signersFor(c: Context<AppEnv>, callSid: string, origin: string): Promise<{ tokens: string[]; urls: string[] }> {
  const tokens = c.var.config.TWILIO_AUTH_TOKEN ? [c.var.config.TWILIO_AUTH_TOKEN] : [];
  const urls = [deploymentStreamUrl(origin, callSid), `${origin}/twilio/stream/${callSid}`];
  const [call] = await c.var.db
    .select({ organizationId: calls.organizationId, bridge: organizationSettings.bridgeWsUrl })
    .from(calls)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, calls.organizationId))
    .where(eq(calls.callSid, callSid));
  if (call?.bridge) urls.push(`${call.bridge}/${callSid}`);
  const own = call?.organizationId ? await ownTwilioToken(c.var.db, c.var.config, call.organizationId) : null;
  return { tokens: own ? [...tokens, own] : tokens, urls };
}

/**
 * `GET /twilio/stream/:callSid`: Twilio's media stream. The call's id is in the path (Twilio allows no query
 * string, a path is fine), so the signed upgrade goes straight to that call's CallSession: the socket then runs
 * between Twilio and the Durable Object with no hop through this worker. The object checks the one-time ticket
 * from the `start` message before anything reaches OpenAI.
 */
export async function connectMediaStream(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.text("Expected a websocket upgrade", 426);
  const callSid = c.req.param("callSid") ?? "";
  const { publicOrigin } = c.var.config;
  const signature = c.req.header("x-twilio-signature");
  let signed = false;
  if (publicOrigin && CALL_SID.test(callSid)) {
    // Most streams are the platform's, on this deployment's URL: checked first, without reading the database.
    const platform = c.var.config.TWILIO_AUTH_TOKEN;
    if (platform) signed = await verifyTwilioSignature(platform, deploymentStreamUrl(publicOrigin, callSid), {}, signature);
    if (!signed) {
      const { tokens, urls } = await signersFor(c, callSid, publicOrigin);
      for (const token of tokens) for (const url of urls) signed ||= await verifyTwilioSignature(token, url, {}, signature);
    }
  }
  if (!signed) {
    c.var.log.warn("twilio_stream_refused", { reason: CALL_SID.test(callSid) ? "signature" : "call_sid" });
    return c.text("Forbidden", 403);
  }
  const sessions = c.env.CALL_SESSION;
  try {
    return await sessions.get(sessions.idFromName(callSid)).fetch(c.req.raw);
  } catch (error) {
    // The call's session could not be reached: the socket is accepted and closed with the reason, not failed with a 500.
    c.var.log.error("twilio_stream_unavailable", { error: error instanceof Error ? error.message : String(error) });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    server.accept();
    server.close(1011, "The voice bridge is unavailable for this call");
    return new Response(null, { status: 101, webSocket: client });
  }
}
