/**
 * Host names resolved over DNS-over-HTTPS, JSON API (`GET {DOH_URL}?name=…&type=A`, `accept: application/dns-json`,
 * answered `{Status, Answer: [{name, type, TTL, data}]}`): Cloudflare's resolver deployed, the DoH simulator in tests
 * and under `npm start` (simulators/doh.ts). Answers are kept for their TTL, in a bounded cache per isolate. Imports
 * nothing of the control plane: the media plane resolves with it too.
 */

export const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";

const TYPES = { A: 1, AAAA: 28 } as const;
const NOERROR = 0;
const NXDOMAIN = 3;
const TIMEOUT_MS = 5_000;
/** Names kept at most; the oldest goes first. */
const CACHE_ENTRIES = 512;
/** However long an answer says it may be kept. */
const MAX_TTL_SECONDS = 3_600;

/** What a name resolved to: its addresses (none: it does not resolve), or null when the resolver could not be asked. */
export type Resolution = { addresses: string[] } | null;

interface DohAnswer {
  Status?: unknown;
  Answer?: { type?: unknown; TTL?: unknown; data?: unknown }[];
  Authority?: { TTL?: unknown }[];
}

interface Kept {
  addresses: string[];
  until: number;
}

const cache = new Map<string, Kept>();

function keep(key: string, addresses: string[], ttlSeconds: number) {
  if (ttlSeconds <= 0) return;
  cache.delete(key);
  cache.set(key, { addresses, until: Date.now() + Math.min(ttlSeconds, MAX_TTL_SECONDS) * 1000 });
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
}

const seconds = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? Math.max(0, value) : 0);

/** One type's addresses and how long they may be kept; null when the resolver failed (or answered what is not DoH JSON). */
async function query(dohUrl: string, name: string, type: keyof typeof TYPES): Promise<{ addresses: string[]; ttl: number } | null> {
  const url = `${dohUrl}?name=${encodeURIComponent(name)}&type=${type}`;
  try {
    // The resolver is the deployment's own configuration, never a business's: fetched directly, no redirect followed.
    const response = await fetch(url, { headers: { accept: "application/dns-json" }, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return null;
    const answer = (await response.json()) as DohAnswer;
    if (answer.Status === NXDOMAIN) return { addresses: [], ttl: seconds(answer.Authority?.[0]?.TTL) };
    if (answer.Status !== NOERROR) return null;
    // CNAMEs come first in a chain's answer; only the addresses of the asked type count.
    const records = (answer.Answer ?? []).filter((record) => record.type === TYPES[type] && typeof record.data === "string");
    const ttl = records.length > 0 ? Math.min(...records.map((record) => seconds(record.TTL))) : seconds(answer.Authority?.[0]?.TTL);
    return { addresses: records.map((record) => record.data as string), ttl };
  } catch {
    return null;
  }
}

/** Every IPv4 and IPv6 address `name` resolves to, kept for the answers' TTL. */
export async function resolveName(dohUrl: string, name: string): Promise<Resolution> {
  const key = `${dohUrl} ${name}`;
  const kept = cache.get(key);
  if (kept && kept.until > Date.now()) return { addresses: kept.addresses };
  const [v4, v6] = await Promise.all([query(dohUrl, name, "A"), query(dohUrl, name, "AAAA")]);
  if (!v4 || !v6) return null;
  const addresses = [...v4.addresses, ...v6.addresses];
  keep(key, addresses, Math.min(v4.ttl, v6.ttl));
  return { addresses };
}
