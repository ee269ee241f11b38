import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { selfOrigin } from "../access/request-auth";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];

/**
 * A state-changing request that carries a session cookie must come from this site: a foreign `Origin`
 * (or, without one, `Sec-Fetch-Site: cross-site`) is refused with 403 before anything runs.
 */
export function csrf(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const cookies = getCookie(c);
    if (!SESSION_COOKIES.some((name) => name in cookies)) return next();
    const origin = c.req.header("origin");
    const crossSite = origin ? origin !== selfOrigin(c) : c.req.header("sec-fetch-site") === "cross-site";
    if (crossSite) {
      c.var.log.warn("csrf_refused", { origin: origin ?? null, path: c.req.path });
      throw new ApiError("forbidden", { message: "This request did not come from this site." });
    }
    await next();
  };
}
