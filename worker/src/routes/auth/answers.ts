import type { Context, TypedResponse } from "hono";
import { getAuth } from "../../middleware/access/request-auth";
import type { AppEnv } from "../../app-env";
import { toEnvelopeResponse } from "./errors";

/**
 * What better-auth answers on the endpoints the site calls, as far as the site reads it. better-auth's own types
 * describe its server-side API (Dates, plugin fields), not the JSON on the wire, so these are written here, once.
 */
export interface AuthAnswers {
  "sign-in/email": { twoFactorRedirect?: boolean };
  "sign-in/social": { url?: string; redirect?: boolean };
  "get-session": { user: { id: string; email: string; name: string } } | null;
  "sign-out": { success: boolean };
  "two-factor/enable": { totpURI: string; backupCodes: string[] };
  "two-factor/disable": { status: boolean };
  "two-factor/verify-totp": { token: string };
  "request-password-reset": { status: boolean };
  "reset-password": { status: boolean };
  "revoke-other-sessions": { status: boolean };
}

/** better-auth's answer passed through (a failure in the envelope), typed for the site's client. */
export function typedAuthAnswer<K extends keyof AuthAnswers>(response: Promise<Response>): Promise<Response & TypedResponse<AuthAnswers[K], 200, "json">> {
  return response as Promise<Response & TypedResponse<AuthAnswers[K], 200, "json">>;
}

/** A route that hands the request to better-auth, as `/*` does, with its answer typed. */
export const passToAuth =
  <K extends keyof AuthAnswers>(_endpoint: K) =>
  async (c: Context<AppEnv>) =>
    typedAuthAnswer<K>(toEnvelopeResponse(await getAuth(c).handler(c.req.raw)));
