/**
 * DNS-over-HTTPS, JSON API, as Cloudflare's resolver (and Google's) answers it: `GET /dns-query?name=NAME&type=A|AAAA`
 * with `accept: application/dns-json` (or `ct=application/dns-json`) is answered `{Status, TC, RD, RA, AD, CD,
 * Question, Answer?, Authority?}`: NOERROR with the name's records, NOERROR with no Answer when it has none of that
 * type, NXDOMAIN (3) for a name it does not know; a query without a name is a 400. Served by the integrations
 * simulator (integrations.ts), whose port the worker tests and `npm start` point DOH_URL at.
 *
 * Test-only controls: `POST /__dns` `{name, A?, AAAA?, ttl?}` sets a name's addresses (both lists empty: the name is
 * forgotten), `GET /__dns-queries` lists the queries so far (`{name, type}`).
 */

export interface DnsRecords {
  A?: string[];
  AAAA?: string[];
  /** Seconds a resolver may keep the answer; 0: ask again every time. */
  ttl?: number;
}

export interface DohAnswer {
  status: number;
  contentType: string;
  body: unknown;
}

const TYPE_NUMBERS: Record<string, number> = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28 };
const NOERROR = 0;
const NXDOMAIN = 3;
const NEGATIVE_TTL = 60;
const ROOT_SOA = { name: ".", type: 6, TTL: NEGATIVE_TTL, data: "a.root-servers.net. nstld.verisign-grs.com. 2026010100 1800 900 604800 86400" };
const DNS_JSON = "application/dns-json";

/** The name as asked, lower case, without its final dot. */
const bare = (name: string) => name.trim().toLowerCase().replace(/\.$/, "");

export function dohSimulator(initial: Record<string, DnsRecords> = {}) {
  const records = new Map(Object.entries(initial).map(([name, entry]) => [bare(name), entry]));
  const queries: { name: string; type: string }[] = [];

  function resolve(url: URL, accept: string | null): DohAnswer {
    const name = url.searchParams.get("name");
    const wantsJson = (accept ?? "").includes(DNS_JSON) || url.searchParams.get("ct") === DNS_JSON;
    if (!wantsJson) return { status: 400, contentType: "application/json", body: { error: "Send accept: application/dns-json for a JSON answer." } };
    if (!name || bare(name) === "") return { status: 400, contentType: "application/json", body: { error: "Invalid query: name is required" } };
    const typeName = (url.searchParams.get("type") ?? "A").toUpperCase();
    const type = /^\d+$/.test(typeName) ? Number(typeName) : TYPE_NUMBERS[typeName];
    if (type === undefined) return { status: 400, contentType: "application/json", body: { error: `Invalid query type: ${typeName}` } };
    const asked = bare(name);
    queries.push({ name: asked, type: typeName });
    const entry = records.get(asked);
    const fqdn = `${asked}.`;
    const head = { TC: false, RD: true, RA: true, AD: false, CD: false, Question: [{ name: fqdn, type }] };
    if (!entry) return { status: 200, contentType: DNS_JSON, body: { Status: NXDOMAIN, ...head, Authority: [ROOT_SOA] } };
    const addresses = type === 1 ? (entry.A ?? []) : type === 28 ? (entry.AAAA ?? []) : [];
    const answer = addresses.map((data) => ({ name: fqdn, type, TTL: entry.ttl ?? 300, data }));
    return {
      status: 200,
      contentType: DNS_JSON,
      body: answer.length > 0 ? { Status: NOERROR, ...head, Answer: answer } : { Status: NOERROR, ...head, Authority: [{ ...ROOT_SOA, name: fqdn }] },
    };
  }

  return {
    queries,
    /** The answer to a DoH request or a test control, or null when the path is neither. */
    handle(method: string, url: URL, accept: string | null, text: string): DohAnswer | null {
      if (url.pathname === "/dns-query" && method === "GET") return resolve(url, accept);
      if (url.pathname === "/__dns-queries" && method === "GET") return { status: 200, contentType: "application/json", body: queries };
      if (url.pathname === "/__dns" && method === "POST") {
        const { name, ...entry } = JSON.parse(text || "{}") as DnsRecords & { name?: string };
        if (!name) return { status: 400, contentType: "application/json", body: { error: "name is required" } };
        if ((entry.A ?? []).length + (entry.AAAA ?? []).length === 0) records.delete(bare(name));
        else records.set(bare(name), entry);
        return { status: 200, contentType: "application/json", body: { name: bare(name), ...entry } };
      }
      return null;
    },
  };
}
