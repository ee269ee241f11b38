/**
 * The URLs a business gave us, at the moment they are used (issue 33): each is checked again by core's URL guard
 * before every fetch or connection, since a stored value may predate the rule (one that fails is treated as unset,
 * and the log says so), and none is fetched with redirects followed (a 3xx is the answer, and a failure).
 */
import { URL_REFUSAL_REASONS, type UrlScheme, urlRefusal } from "@nikki/core";
import type { Config } from "../env";
import { type LogLevel, createLogger } from "../logger";
import { resolvedUrlRefusal } from "../call/resolved-host";
import { outboundFetch } from "./outbound-fetch";

/** Every stored field the worker fetches or connects to (ARCHITECTURE.md lists where). */
export type BusinessUrlField = "bridge_ws_url" | "crm_webhook_url" | "realtime_url" | "zapier_webhook_url";

export const BUSINESS_URL_SCHEMES: Record<BusinessUrlField, UrlScheme> = {
  bridge_ws_url: "wss",
  crm_webhook_url: "https",
  realtime_url: "wss",
  zapier_webhook_url: "https",
};

export class BusinessUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(`The URL is not allowed: ${reason}`);
  }
}

/** Why the guard refuses `value` for `field` on this deployment, in words; null when it may be used. */
export function businessUrlRefusal(config: Config, field: BusinessUrlField, value: string): string | null {
  const refusal = urlRefusal(value, BUSINESS_URL_SCHEMES[field], config.urlPolicy);
  return refusal ? URL_REFUSAL_REASONS[refusal] : null;
}

/** The stored value when the guard still allows it; otherwise null (unset), with a log line naming the field. */
export function usableBusinessUrl(config: Config, field: BusinessUrlField, value: string | null | undefined, organizationId?: string): string | null {
  if (!value) return null;
  const reason = businessUrlRefusal(config, field, value);
  if (!reason) return value;
  createLogger({ component: "url_guard" }, config.LOG_LEVEL as LogLevel).warn("business_url_refused", {
    field,
    reason,
    organization_id: organizationId ?? null,
    note: "stored before the rule; treated as unset",
  });
  return null;
}

/**
 * A request to a business's URL (or one derived from it: a bridge's health URL, a websocket's upgrade request, both
 * `https`): guarded again, its host resolved and refused when it answers with a private address (call/resolved-host.ts),
 * and never following a redirect.
 */
export async function fetchBusinessUrl(
  config: Pick<Config, "urlPolicy" | "DOH_URL">,
  url: string,
  scheme: UrlScheme,
  init: RequestInit = {},
): Promise<Response> {
  const refusal = urlRefusal(url, scheme, config.urlPolicy) ?? (await resolvedUrlRefusal(config.DOH_URL, url, config.urlPolicy));
  if (refusal) throw new BusinessUrlRefused(URL_REFUSAL_REASONS[refusal]);
  return outboundFetch(url, init);
}
