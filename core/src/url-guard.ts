/**
 * The one rule for every URL a business gives us that the worker fetches or connects to (issue 33): checked when
 * it is saved and again before each fetch or connection, in both planes. Written without `URL` (core runs without
 * DOM types), and deliberately stricter than the WHATWG parser that `fetch` uses: anything that parser could read
 * as an address (decimal, hex or octal IPv4, IPv6, percent-encoded or full-width digits) is refused before it is
 * parsed at all, by allowing only plain ASCII host names. Before a fetch, the worker also resolves the host and
 * refuses private answers (worker/src/call/resolved-host.ts); here, names known to answer that way are refused at once.
 */
import { addressKind } from "./address-ranges";

/** Where the rule is applied, from the deployment's configuration (never from a request). */
export interface UrlPolicy {
  /** PUBLIC_BASE_URL is explicitly a localhost URL: `localhost` and `127.0.0.1` are allowed too, any port, http:/ws: included. */
  local: boolean;
  /** Test configurations only: exact `host:port` pairs allowed besides (loopback simulators and fixtures). Empty when deployed. */
  testAllow: readonly string[];
}

export const PUBLIC_URL_POLICY: UrlPolicy = { local: false, testAllow: [] };

/** A localhost PUBLIC_BASE_URL, explicitly set (`npm start` sets one): unset is not local, and no request can make it so. */
export const isLocalBaseUrl = (publicBaseUrl: string | undefined): boolean =>
  /^https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?(?:\/.*)?$/i.test(publicBaseUrl ?? "");

/**
 * The policy of a deployment, from its own configuration in both planes: PUBLIC_BASE_URL, and TEST_ONLY_URL_ALLOW
 * (`host:port` pairs, comma separated), which only test configurations set.
 */
export function urlPolicyFrom(publicBaseUrl: string | undefined, testOnlyAllow: string | undefined): UrlPolicy {
  const testAllow = (testOnlyAllow ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return { local: isLocalBaseUrl(publicBaseUrl), testAllow };
}

/** The secure scheme a field takes: `https` for requests, `wss` for websockets. */
export type UrlScheme = "https" | "wss";

export type UrlRefusal =
  | "malformed"
  | "scheme"
  | "credentials"
  | "port"
  | "ip_literal"
  | "internal_host"
  | "single_label"
  /** Before a fetch: what the host resolved to (worker/src/call/resolved-host.ts). */
  | "private_address"
  | "unresolved";

export const URL_REFUSAL_REASONS: Record<UrlRefusal, string> = {
  malformed: "it is not a plain web address",
  scheme: "it must use a secure scheme",
  credentials: "it must not carry a user name or password",
  port: "it must not name a port",
  ip_literal: "it must use a host name, not an IP address",
  internal_host: "it points at a local or internal host",
  single_label: "its host must be a full domain name",
  private_address: "its host resolves to a private or internal address",
  unresolved: "its host name could not be resolved",
};

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1"]);
/** Names of networks of one's own: `.local` covers `.cluster.local`, `.svc` Kubernetes' services, `.localdomain` a host's own. */
const INTERNAL_SUFFIXES = [".localhost", ".internal", ".local", ".localdomain", ".svc", ".arpa", ".lan", ".intranet", ".corp", ".home"];
/**
 * Public DNS names that answer with whatever address they spell (127.0.0.1.nip.io, 10-0-0-5.sslip.io), with loopback
 * for every name under them (localtest.me, lvh.me, localho.st, local.gd, fuf.me, traefik.me), or with an answer that
 * changes between two lookups (1u.ms, rbndr.us: DNS rebinding as a service): addresses in disguise.
 */
const ADDRESS_DNS = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "nip.direct",
  "traefik.me",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "localho.st",
  "local.gd",
  "fuf.me",
  "1u.ms",
  "rbndr.us",
];
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Only printable ASCII, no spaces and no backslash: the WHATWG parser drops tabs and newlines and reads `\` as `/`. */
const PLAIN = /^[\x21-\x5b\x5d-\x7e]+$/;
const SHAPE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([/?#].*)?$/i;

/** What WHATWG's host parser would treat as IPv4: a last label that is all digits, or a 0x number. */
const endsInNumber = (labels: string[]) => {
  const last = labels.at(-1) ?? "";
  return /^\d+$/.test(last) || /^0x[0-9a-f]*$/.test(last);
};

/**
 * An address spelled inside a name, as wildcard DNS services read it: four labels (`10.0.0.5.example.com`) or one
 * label of four dashed numbers (`app-10-0-0-5.example.com`). Only one that is not public matters.
 */
function spellsPrivateAddress(labels: string[]): boolean {
  const dotted = labels.slice(0, -1).flatMap((_, index) => (index + 4 <= labels.length ? [labels.slice(index, index + 4).join(".")] : []));
  // Every run of four dashed numbers, overlapping ones included (`1-10-0-0-5` spells 1.10.0.0 and 10.0.0.5).
  const dashed = labels.flatMap((label) =>
    [...label.matchAll(/(?:^|-)(?=(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})(?:-|$))/g)].map((match) => match[1]!.replaceAll("-", ".")),
  );
  return [...dotted, ...dashed].some((spelled) => {
    const kind = addressKind(spelled);
    return kind !== null && kind !== "public";
  });
}

const isInternal = (host: string, labels: string[]) =>
  host === "localhost" ||
  INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) ||
  ADDRESS_DNS.some((name) => host === name || host.endsWith(`.${name}`)) ||
  spellsPrivateAddress(labels);

/** Why `value` may not be fetched for a `scheme` field under `policy`, or null when it may. */
export function urlRefusal(value: string, scheme: UrlScheme, policy: UrlPolicy): UrlRefusal | null {
  if (!PLAIN.test(value)) return "malformed";
  const shape = SHAPE.exec(value);
  if (!shape) return "malformed";
  const given = shape[1]!.toLowerCase();
  const authority = shape[2]!;
  if (authority.includes("@")) return "credentials";
  if (authority.startsWith("[")) return "ip_literal";
  const colon = authority.lastIndexOf(":");
  const host = (colon === -1 ? authority : authority.slice(0, colon)).toLowerCase();
  const port = colon === -1 ? null : authority.slice(colon + 1);
  if (port !== null && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535)) return "malformed";
  const plainScheme = scheme === "https" ? "http" : "ws";

  if ((policy.local && LOOPBACK_HOSTS.has(host)) || (port !== null && policy.testAllow.includes(`${host}:${port}`))) {
    return given === scheme || given === plainScheme ? null : "scheme";
  }

  const labels = host.split(".");
  if (labels.some((label) => label === "")) return "malformed";
  if (endsInNumber(labels)) return "ip_literal";
  if (!labels.every((label) => LABEL.test(label))) return "malformed";
  if (isInternal(host, labels)) return "internal_host";
  if (labels.length === 1) return "single_label";
  if (given !== scheme) return "scheme";
  if (port !== null && port !== "443") return "port";
  return null;
}

/**
 * The host name to resolve before fetching `value` (a URL the guard allowed), lower case; null when there is none to
 * resolve: an IP literal a test configuration allows, or the local deployment's own `localhost`.
 */
export function hostToResolve(value: string, policy: UrlPolicy): string | null {
  const authority = SHAPE.exec(value)?.[2] ?? "";
  const colon = authority.lastIndexOf(":");
  const host = (colon === -1 || authority.endsWith("]") ? authority : authority.slice(0, colon)).toLowerCase();
  if (host === "" || host.startsWith("[") || addressKind(host) !== null) return null;
  if (policy.local && LOOPBACK_HOSTS.has(host)) return null;
  return host;
}

export const isAllowedUrl = (value: string, scheme: UrlScheme, policy: UrlPolicy): boolean => urlRefusal(value, scheme, policy) === null;

/** A URL field's message, with the reason this value was refused when there is one ("…: it points at a local or internal host."). */
export function refusedUrlMessage(fieldMessage: string, value: string, scheme: UrlScheme, policy: UrlPolicy): string {
  const refusal = urlRefusal(value, scheme, policy);
  return refusal ? `${fieldMessage.replace(/\.$/, "")} (here, ${URL_REFUSAL_REASONS[refusal]}).` : fieldMessage;
}

export const ZAPIER_HOOK_PREFIX = "https://hooks.zapier.com/hooks/catch/";

/**
 * A Zapier catch hook: `https:` on exactly hooks.zapier.com, under /hooks/catch/, plain path segments only (no `.`
 * or `..`, no encoded slash, no query): the path is sent on to the configured Zapier base, so it must stay under it.
 */
export function isZapierCatchHook(value: string): boolean {
  if (!value.startsWith(ZAPIER_HOOK_PREFIX)) return false;
  return /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\/?$/.test(value.slice(ZAPIER_HOOK_PREFIX.length));
}
