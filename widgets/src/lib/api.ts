import type { WidgetContext } from "./contract";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> | undefined };

/**
 * A JSON request to the worker on behalf of a widget (the key in the query, as CORS is judged by it).
 * Never throws: a network failure is `network_error`, no answer within `timeoutMs` is `backend_timeout`.
 */
export async function widgetRequest<T>(context: WidgetContext, path: string, body?: unknown, { timeoutMs = 20_000 } = {}): Promise<ApiResult<T>> {
  const url = `${context.base}${path}${path.includes("?") ? "&" : "?"}key=${encodeURIComponent(context.key)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? null : JSON.stringify(body),
      // Widgets never send the host page's or our cookies.
      credentials: "omit",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return { ok: false, status: 0, code: timedOut ? "backend_timeout" : "network_error", message: "" };
  }
  const data = (await response.json().catch(() => null)) as (T & { error?: { code?: string; message?: string; fields?: Record<string, string> } }) | null;
  if (response.ok && data && !data.error) return { ok: true, data };
  const error = data?.error;
  return { ok: false, status: response.status, code: error?.code ?? "unknown", message: error?.message ?? "", fields: error?.fields };
}
