import { type ErrorBody, isErrorEnvelope } from "@nikki/core";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ErrorBody | null };

/** POSTs JSON to the worker; any failure (network, non-2xx, envelope) comes back as a value, never a throw. */
export async function postJson<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && !isErrorEnvelope(payload)) return { ok: true, status: response.status, data: payload as T };
  return { ok: false, status: response.status, error: isErrorEnvelope(payload) ? payload.error : null };
}
