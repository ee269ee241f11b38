import { type ErrorBody, isErrorEnvelope } from "@nikki/core";

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ErrorBody | null };

/** Calls the worker with JSON; any failure (network, non-2xx, envelope) comes back as a value, never a throw. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok && !isErrorEnvelope(payload)) return { ok: true, status: response.status, data: payload as T };
  return { ok: false, status: response.status, error: isErrorEnvelope(payload) ? payload.error : null };
}

export const postJson = <T>(path: string, body: unknown) => api<T>("POST", path, body);
export const getJson = <T>(path: string) => api<T>("GET", path);

/** The message to show for a failed call: the server's own words, else the caller's fallback. */
export function messageOf(result: ApiResult<unknown>, fallback: string): string {
  if (result.ok) return fallback;
  if (result.status === 0) return "Network error. Please check your connection and try again.";
  return result.error?.message ?? fallback;
}
