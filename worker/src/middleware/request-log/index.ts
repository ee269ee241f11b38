import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env";
import { type LogLevel, createLogger } from "../../logger";

/** Gives each request a logger bound to its request id, and logs one line when it is answered. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = createLogger({ request_id: c.var.requestId }, c.var.config.LOG_LEVEL as LogLevel);
    c.set("log", log);
    await next();
    const status = c.res.status;
    const fields = {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) log.error("request", fields);
    else log.info("request", fields);
  };
}
