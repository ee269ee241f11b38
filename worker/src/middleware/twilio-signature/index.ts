import { LIMITS } from "@nikki/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { ownTwilioAccount } from "../../services/integrations/store";
import { verifyTwilioSignature } from "@nikki/core/twilio-signature";

const FORM = "application/x-www-form-urlencoded";

/**
 * The webhook's form, as Twilio sends it and signs it: URL-encoded text parsed with URLSearchParams (which never
 * throws). Any other content type is refused (415), an oversize body too (413); nothing else about the body can fail.
 */
async function twilioForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (c.req.method !== "POST" || type !== FORM)
    throw new ApiError("unsupported_media_type", { message: "Twilio webhooks are sent as application/x-www-form-urlencoded." });
  // Read as bytes: the runtime's text() warns, for every webhook, that a form is not text.
  const body = await c.req.arrayBuffer();
  if (body.byteLength > LIMITS.requestBodyBytes) throw new ApiError("payload_too_large");
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(body)));
}

/**
 * Every Twilio webhook: the form is parsed once and its `X-Twilio-Signature` checked against the URL rebuilt
 * from PUBLIC_BASE_URL (never from forwarded headers), with the auth token of the account the webhook names
 * (`AccountSid`): the platform's, or a business's own verified account. A bad or missing signature answers 403
 * before any work; the handlers then only touch what that account holds (`twilioAccount`).
 */
export function twilioSignature(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, publicOrigin } = c.var.config;
    if (!publicOrigin) {
      c.var.log.error("twilio_webhook_unverifiable", { missing: "PUBLIC_BASE_URL" });
      throw new ApiError("forbidden", { message: "Twilio webhooks cannot be verified: PUBLIC_BASE_URL is not set." });
    }
    const request = new URL(c.req.url);
    const url = `${publicOrigin}${request.pathname}${request.search}`;
    const params = await twilioForm(c);
    const named = params.AccountSid;
    const own = named && named !== TWILIO_ACCOUNT_SID ? await ownTwilioAccount(c.var.db, c.var.config, named) : null;
    const token = own ? own.authToken : TWILIO_AUTH_TOKEN;
    if (!token) {
      c.var.log.error("twilio_webhook_unverifiable", { missing: "TWILIO_AUTH_TOKEN", account_sid: named ?? null });
      throw new ApiError("forbidden", { message: "Twilio webhooks cannot be verified: no auth token is known for this account." });
    }
    if (!(await verifyTwilioSignature(token, url, params, c.req.header("x-twilio-signature")))) {
      c.var.log.warn("twilio_signature_refused", { path: request.pathname, account: own ? "organization" : "platform" });
      throw new ApiError("forbidden", { message: "Invalid Twilio signature." });
    }
    c.set("twilioParams", params);
    c.set(
      "twilioAccount",
      own ? { accountSid: named!, organizationId: own.organizationId, authToken: token } : { accountSid: null, organizationId: null, authToken: token },
    );
    await next();
  };
}
