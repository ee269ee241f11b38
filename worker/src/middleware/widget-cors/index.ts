import type { MiddlewareHandler } from "hono";
import { selfOrigin } from "../access/request-auth";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { markWidgetSeen, widgetOwner } from "../../widget-keys";

/**
 * Endpoints the widgets call from customers' sites: the widget key (`?key=`, so preflights can be judged
 * too) names the organization; CORS is granted only to its allowed origins and the product's own. A request
 * without Origin (no browser) needs no CORS. Credentials are never allowed: widgets send no cookies.
 */
export function widgetCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const owner = await widgetOwner(c.var.db, c.req.query("key") ?? c.req.header("x-nikki-key") ?? "");
    const origin = c.req.header("origin");
    const allowed = origin !== undefined && owner !== null && (origin === selfOrigin(c) || owner.allowedOrigins.includes(origin));
    if (allowed) {
      c.header("access-control-allow-origin", origin);
      c.header("vary", "Origin");
    }
    if (c.req.method === "OPTIONS") {
      if (!allowed) return c.body(null, 403);
      c.header("access-control-allow-methods", "GET, POST, OPTIONS");
      c.header("access-control-allow-headers", "content-type, x-nikki-key");
      c.header("access-control-max-age", "600");
      return c.body(null, 204);
    }
    if (!owner || (origin !== undefined && !allowed)) {
      // The refusal itself is readable cross-origin, so the loader can tell the site owner what is wrong.
      if (origin !== undefined) c.header("access-control-allow-origin", origin);
      throw new ApiError(owner ? "origin_not_allowed" : "unknown_widget_key");
    }
    c.set("widgetOwner", owner);
    if (origin !== undefined && origin !== selfOrigin(c)) {
      const seen = markWidgetSeen(c.var.db, owner.widgetKeyId, origin).catch((error: unknown) =>
        c.var.log.warn("widget_seen_failed", { error: error instanceof Error ? error.message : String(error) }),
      );
      c.executionCtx.waitUntil(seen);
    }
    await next();
  };
}
