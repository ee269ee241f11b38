import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { createLogger } from "../../logger";

function answer(c: Context<AppEnv>, error: ApiError) {
  return c.json(error.toEnvelope(), error.status as 400);
}

/** The one `onError`: client errors in the envelope; anything else logged with its stack, never shown. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return answer(c, err);
  if (err instanceof HTTPException && err.status === 413) return answer(c, new ApiError("payload_too_large"));
  if (err instanceof HTTPException && err.status < 500) {
    return answer(c, new ApiError(err.status === 401 ? "unauthorized" : err.status === 403 ? "forbidden" : "not_found"));
  }
  const log = c.var.log ?? createLogger({ request_id: c.var.requestId });
  log.error("unhandled_error", { error: err.message, stack: err.stack });
  return answer(c, new ApiError("internal_error"));
};

export const notFound: NotFoundHandler<AppEnv> = (c) => answer(c, new ApiError("not_found"));
