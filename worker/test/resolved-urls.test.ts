import { IMPORT_MESSAGES, PROBE_MESSAGES, type ProbeResult, SETTINGS_MESSAGES, URL_REFUSAL_REASONS } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { resolveName } from "../src/call/doh";
import { resolvedUrlRefusal } from "../src/call/resolved-host";
import { mintToken } from "../src/call/stream-ticket";
import { type SignedUp, call, signUp } from "./accounts";
import { SITES, importedToEnd, requestsTo } from "./knowledge-import-helpers";
import { mediaCall, openSigned, plan } from "./media-call";
import { SIMULATED, SIMULATED_DOH_URL } from "./simulators";
import { callSid, until } from "./twilio";

/**
 * DESIGN.md "URLs, resolved": a business's host is resolved over DoH (the simulator) before each fetch or connection,
 * and refused when any answer is not public. The configuration lets `localhost` on the bakery's and the OpenAI
 * simulator's ports through the name rule (vitest.config.mts), so that name reaches a real server here: each URL below
 * would arrive there but for the answer the DoH simulator gives, and the servers' request logs show that nothing did.
 * Only this file sets what `localhost` resolves to (with TTL 0: never kept), so its tests run one after another.
 */

const DNS = `http://127.0.0.1:${SIMULATED.crmPort}`;
const BAKERY = SITES.bakery.replace("127.0.0.1", "localhost");
const PRIVATE = URL_REFUSAL_REASONS.private_address;

async function answer(name: string, records: { A?: string[]; AAAA?: string[]; ttl?: number }) {
  const response = await fetch(`${DNS}/__dns`, { method: "POST", body: JSON.stringify({ name, ttl: 0, ...records }) });
  if (!response.ok) throw new Error(`the DoH simulator refused ${name}: ${response.status}`);
}
const queriesOf = async (name: string) =>
  ((await (await fetch(`${DNS}/__dns-queries`)).json()) as { name: string; type: string }[]).filter((query) => query.name === name);

/** A path only one test asks for, so the bakery's request log (shared with other files) says whether it was reached. */
const uniquePath = (what: string) => `/__rebind-${what}-${crypto.randomUUID()}`;
const reached = async (path: string) => (await requestsTo(SITES.bakery)).includes(path);

const PRIVATE_ANSWERS: [string, { A?: string[]; AAAA?: string[] }][] = [
  ["10.0.0.5", { A: ["10.0.0.5"] }],
  ["127.0.0.1", { A: ["127.0.0.1"] }],
  ["::1", { AAAA: ["::1"] }],
  ["169.254.169.254", { A: ["169.254.169.254"] }],
  ["100.64.1.1", { A: ["100.64.1.1"] }],
  ["::ffff:127.0.0.1", { AAAA: ["::ffff:127.0.0.1"] }],
  ["a public and a private address", { A: ["93.184.216.34", "192.168.1.10"] }],
];
const PUBLIC = { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1:248:1893:25c8:1946"] };

const patch = (owner: SignedUp, body: object) => call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body });
const probed = async (owner: SignedUp, target: string) =>
  ((await (await call("/api/health/probe", { cookie: owner.cookie, body: { target } })).json()) as { probe: ProbeResult }).probe;

describe("names that answer with a loopback or private address are refused when saved", () => {
  it.each([
    "127.0.0.1.traefik.me",
    "localho.st",
    "local.gd",
    "make-127-0-0-1-rr.1u.ms",
    "7f000001.c0a80001.rbndr.us",
    "fuf.me",
    "kubernetes.default.svc",
    "foo.localdomain",
    "10-0-0-5.sslip.io",
    "app.localtest.me",
  ])("%s, as the CRM webhook and the voice bridge", async (host) => {
    const owner = await signUp({ company: "Wildcard Names" });
    for (const [field, url, message] of [
      ["crm_webhook_url", `https://${host}/hook`, SETTINGS_MESSAGES.crmWebhookUrl],
      ["bridge_ws_url", `wss://${host}/twilio/stream`, SETTINGS_MESSAGES.bridgeUrl],
    ] as const) {
      const response = await patch(owner, { [field]: url });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields[field]).toBe(`${message.slice(0, -1)} (here, ${URL_REFUSAL_REASONS.internal_host}).`);
    }
  });
});

describe("before each fetch, the host is resolved and a private answer refused: the server is never asked", { timeout: 60_000 }, () => {
  it.each(PRIVATE_ANSWERS)("the CRM webhook and the voice bridge, when the name answers %s", async (_, records) => {
    const owner = await signUp({ company: "Rebinding CRM" });
    await answer("localhost", records);
    const hook = uniquePath("crm");
    const bridge = uniquePath("bridge");
    expect(
      (
        await patch(owner, {
          crm_webhook_url: `http://localhost:${new URL(BAKERY).port}${hook}`,
          bridge_ws_url: `ws://localhost:${new URL(BAKERY).port}${bridge}`,
        })
      ).status,
    ).toBe(200);
    expect(await probed(owner, "crm_webhook")).toMatchObject({ status: 0, body: PROBE_MESSAGES.refusedUrl("CRM webhook URL", PRIVATE) });
    expect(await probed(owner, "bridge_health")).toMatchObject({ status: 0, body: PROBE_MESSAGES.refusedUrl("bridge URL", PRIVATE) });
    expect(await reached(hook)).toBe(false);
    expect(await reached(bridge)).toBe(false);
  });

  it("a public answer passes: the same URLs reach the server", async () => {
    const owner = await signUp({ company: "Public CRM" });
    await answer("localhost", PUBLIC);
    const hook = uniquePath("crm");
    const bridge = uniquePath("bridge");
    expect((await patch(owner, { crm_webhook_url: `${BAKERY}${hook}`, bridge_ws_url: `${BAKERY.replace("http:", "ws:")}${bridge}` })).status).toBe(200);
    expect(await probed(owner, "crm_webhook")).toMatchObject({ status: 404, body: PROBE_MESSAGES.webhookAnswered(404) });
    expect(await probed(owner, "bridge_health")).toMatchObject({ status: 404 });
    expect(await reached(hook)).toBe(true);
    expect(await reached(bridge)).toBe(true);
  });

  it.each(PRIVATE_ANSWERS.slice(0, 3))("the website import, when the name answers %s: looking and importing are refused", async (_, records) => {
    const owner = await signUp({ company: "Rebinding Bakery" });
    await answer("localhost", records);
    const looked = await call("/api/knowledge/import/discover", { cookie: owner.cookie, body: { url: `${BAKERY}/` } });
    expect(looked.status).toBe(400);
    expect(((await looked.json()) as { error: { fields: { url: string } } }).error.fields.url).toBe(IMPORT_MESSAGES.refused(PRIVATE));
    const page = uniquePath("page");
    const { final } = await importedToEnd(owner, { url: `${BAKERY}/`, pages: [`${BAKERY}${page}`] });
    expect(final).toMatchObject({ status: "failed", error: IMPORT_MESSAGES.refused(PRIVATE) });
    expect(await reached(page)).toBe(false);
  });

  it("the website import, when the name answers publicly: its pages are read", async () => {
    const owner = await signUp({ company: "Public Bakery" });
    await answer("localhost", PUBLIC);
    const missing = uniquePath("page");
    const { final } = await importedToEnd(owner, { url: `${BAKERY}/`, pages: [`${BAKERY}/hours`, `${BAKERY}${missing}`] });
    expect(final).toMatchObject({ status: "done", sections_added: 1, failures: [{ url: `${BAKERY}${missing}`, reason: "HTTP 404" }] });
    expect(await reached(missing)).toBe(true);
  });

  it("the business's realtime URL, in the media plane: a private answer opens no session, a public one does", async () => {
    const sessionsWith = async (marker: string) =>
      ((await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-sessions`)).json()) as unknown[][]).filter((received) =>
        received.some((message) => JSON.stringify(message).includes(marker)),
      );
    const streamOwn = async () => {
      const sid = callSid();
      const marker = crypto.randomUUID();
      const base = await plan(sid, mintToken());
      const { call: media, offer } = mediaCall(sid, { urlPolicy: { local: false, testAllow: [`localhost:${SIMULATED.openaiPort}`] } });
      offer({
        ...base,
        realtime: { ...base.realtime, url: `http://localhost:${SIMULATED.openaiPort}/v1/realtime?model=test`, fromBusiness: true },
        sessionUpdate: JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: marker } }),
      });
      await openSigned(media, sid);
      return marker;
    };
    const refused = [];
    for (const [, records] of PRIVATE_ANSWERS) {
      await answer("localhost", records);
      refused.push(await streamOwn());
    }
    await answer("localhost", PUBLIC);
    const allowed = await streamOwn();
    await until(async () => (await sessionsWith(allowed)).length === 1);
    for (const marker of refused) expect(await sessionsWith(marker)).toEqual([]);
  });
});

describe("the DoH answers", () => {
  it("are kept for their TTL, asked again when it is 0, and a name that does not resolve is refused", async () => {
    const kept = `kept-${crypto.randomUUID()}.example.com`;
    const fresh = `fresh-${crypto.randomUUID()}.example.com`;
    await answer(kept, { A: ["93.184.216.34"], ttl: 300 });
    await answer(fresh, { A: ["93.184.216.34"], ttl: 0 });
    for (let time = 0; time < 3; time++) {
      expect(await resolveName(SIMULATED_DOH_URL, kept)).toEqual({ addresses: ["93.184.216.34"] });
      expect(await resolveName(SIMULATED_DOH_URL, fresh)).toEqual({ addresses: ["93.184.216.34"] });
    }
    expect((await queriesOf(kept)).map((query) => query.type)).toEqual(["A", "AAAA"]);
    expect(await queriesOf(fresh)).toHaveLength(6);
    const policy = { local: false, testAllow: [] };
    expect(await resolvedUrlRefusal(SIMULATED_DOH_URL, `https://${kept}/hook`, policy)).toBeNull();
    expect(await resolvedUrlRefusal(SIMULATED_DOH_URL, `https://nowhere-${crypto.randomUUID()}.example.com/hook`, policy)).toBe("unresolved");
    // A resolver that cannot be asked refuses too: nothing is fetched unchecked.
    expect(await resolvedUrlRefusal("http://127.0.0.1:9/dns-query", `https://${kept}.other/hook`, policy)).toBe("unresolved");
    // The local deployment's own localhost, and an IP literal a test allows, have nothing to resolve.
    expect(await resolvedUrlRefusal("http://127.0.0.1:9/dns-query", "http://localhost:8787/hook", { local: true, testAllow: [] })).toBeNull();
    expect(await resolvedUrlRefusal("http://127.0.0.1:9/dns-query", "http://127.0.0.1:8813/hook", { local: false, testAllow: ["127.0.0.1:8813"] })).toBeNull();
  });
});
