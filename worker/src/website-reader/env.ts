import { type UrlPolicy, urlPolicyFrom } from "@nikki/core/url-guard";
import { DEFAULT_DOH_URL } from "../call/doh";
import type { LogLevel } from "../logger";

/** The website reader's bindings: what the URL guard needs, and the secret the control plane signs its requests with. */
export interface WebsiteReaderBindings {
  AUTH_SECRET?: string;
  LOG_LEVEL?: LogLevel;
  /** As the control plane's: a localhost URL makes this a local deployment for the URL guard. */
  PUBLIC_BASE_URL?: string;
  /** Test configurations only: `host:port` pairs the URL guard allows besides its rule. */
  TEST_ONLY_URL_ALLOW?: string;
  /** As the control plane's: the DoH resolver a business's hosts are resolved with (call/doh.ts). */
  DOH_URL?: string;
}

/** The URL guard's rule on this deployment, as the control plane reads it from the same settings. */
export interface ReaderConfig {
  urlPolicy: UrlPolicy;
  DOH_URL: string;
}

export const readerConfig = (env: WebsiteReaderBindings): ReaderConfig => ({
  urlPolicy: urlPolicyFrom(env.PUBLIC_BASE_URL, env.TEST_ONLY_URL_ALLOW),
  DOH_URL: env.DOH_URL ?? DEFAULT_DOH_URL,
});
