import { type ErrorBody, isErrorEnvelope } from "@nikki/core";
import { type ClientRequestOptions, type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
// Declarations the worker's typecheck writes (worker/tsconfig.api.json): the site's DOM-only typecheck cannot take
// the worker's sources, which need the Workers types. Type-only, so nothing of the worker reaches the browser.
import type { App } from "../../../worker/dist/types/worker/src/app";

/**
 * The worker's `/api` routes, typed from its own `App`: `api.agents[":id"].$patch`, `api.calls[":id"].recording.$path()`.
 * Paths are built on the page's own origin; a renamed route or response field fails the site's typecheck.
 */
export const api = hc<App>("/").api;

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ErrorBody | null };

/** What a route answers on success: its JSON, or null for an answer without a body (204). */
export type Answer<R> = R extends ClientResponse<infer T, infer S, infer F> ? (S extends SuccessStatusCode ? (F extends "json" ? T : null) : never) : never;

type Route<A, R> = (args: A, options?: ClientRequestOptions) => Promise<R>;

/**
 * Calls one typed route with an optional JSON body; any failure (network, non-2xx, envelope) comes back as a value,
 * never a throw. `args` are the route's path parameters and query (`{param: {id}}`, `{query: {...}}`).
 */
export async function call<A, R extends ClientResponse<unknown, number, string>>(
  route: Route<A, R>,
  ...[args, body]: undefined extends A ? [args?: A, body?: unknown] : [args: A, body?: unknown]
): Promise<ApiResult<Answer<R>>> {
  let response: Response;
  try {
    const init: RequestInit = {
      credentials: "same-origin",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    response = (await route(encodeParams(args) as A, { init })) as unknown as Response;
  } catch {
    return { ok: false, status: 0, error: null };
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok && !isErrorEnvelope(payload)) return { ok: true, status: response.status, data: payload as Answer<R> };
  return { ok: false, status: response.status, error: isErrorEnvelope(payload) ? payload.error : null };
}

/** Path parameters as hc puts them in the path: as given, so each is encoded here (an id from the address bar). */
function encodeParams(args: unknown): unknown {
  if (typeof args !== "object" || args === null || !("param" in args)) return args;
  const param = Object.entries(args.param as Record<string, string>).map(([name, value]) => [name, encodeURIComponent(value)]);
  return { ...args, param: Object.fromEntries(param) };
}

/** The words for a failed call with no message of its own: the network's, else the caller's fallback. */
export function messageOf(result: ApiResult<unknown>, fallback: string): string {
  if (result.ok) return fallback;
  if (result.status === 0) return NETWORK_ERROR;
  return result.error?.message ?? fallback;
}

export const NETWORK_ERROR = "Network error. Please check your connection and try again.";

/** What a route of `api` answers on success: `DataOf<typeof api.agents.$get>`. */
export type DataOf<Route> = Route extends (...args: never[]) => Promise<infer R> ? Answer<R> : never;
