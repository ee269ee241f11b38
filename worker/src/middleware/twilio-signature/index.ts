import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { verifyTwilioSignature } from "../../services/twilio/signature";

/**
 * Every Twilio webhook: the form is parsed once and its `X-Twilio-Signature` checked against the URL rebuilt
 * from PUBLIC_BASE_URL (never from forwarded headers). A bad or missing signature answers 403 before any work.
 */
export function twilioSignature(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { TWILIO_AUTH_TOKEN, publicOrigin } = c.var.config;
    if (!TWILIO_AUTH_TOKEN || !publicOrigin) {
      c.var.log.error("twilio_webhook_unverifiable", {
        missing: !TWILIO_AUTH_TOKEN ? "TWILIO_AUTH_TOKEN" : "PUBLIC_BASE_URL",
      });
      throw new ApiError("forbidden", { message: "Twilio webhooks cannot be verified: TWILIO_AUTH_TOKEN or PUBLIC_BASE_URL is not set." });
    }
    const request = new URL(c.req.url);
    const url = `${publicOrigin}${request.pathname}${request.search}`;
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    if (!(await verifyTwilioSignature(TWILIO_AUTH_TOKEN, url, params, c.req.header("x-twilio-signature")))) {
      c.var.log.warn("twilio_signature_refused", { path: request.pathname });
      throw new ApiError("forbidden", { message: "Invalid Twilio signature." });
    }
    c.set("twilioParams", params);
    await next();
  };
}
