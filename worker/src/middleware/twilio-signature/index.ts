import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { ownTwilioAccount } from "../../integrations/store";
import { verifyTwilioSignature } from "../../services/twilio/signature";

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
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
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
    c.set("twilioAccount", own ? { accountSid: named!, organizationId: own.organizationId } : { accountSid: null, organizationId: null });
    await next();
  };
}
