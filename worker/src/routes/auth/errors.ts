import type { ErrorCode } from "@nikki/core";
import { ApiError } from "../../http/api-error";

/** better-auth answers `{code, message}`; the product answers its envelope. Maps one to the other. */
export async function readAuthError(response: Response): Promise<ApiError> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  const code: ErrorCode =
    response.status === 401
      ? "unauthorized"
      : response.status === 403
        ? "forbidden"
        : response.status === 404
          ? "not_found"
          : response.status === 429
            ? "rate_limited"
            : response.status >= 500
              ? "internal_error"
              : "validation_failed";
  return new ApiError(code, body?.message ? { message: body.message } : {});
}

/** A better-auth error response re-written in the envelope, keeping its headers (cookies); an empty one too (unknown paths). */
export async function toEnvelopeResponse(response: Response): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  // A success, or a redirect (OAuth), passes through; every failure, with or without better-auth's own body, is enveloped.
  if (response.status < 400) return response;
  const error = await readAuthError(response);
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ error: { code: error.code, message: error.message, ...(body?.code ? { reason: body.code } : {}) } }), {
    status: response.status,
    headers,
  });
}
