import { INTEGRATION_MESSAGES, PROBE_MESSAGES, type ProbeResult, SETTINGS_MESSAGES, URL_REFUSAL_REASONS } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/env";
import { recordIntegrationTest, readIntegration, saveIntegration } from "../src/services/integrations/store";
import { analyzeDueCall } from "../src/after-call/analysis";
import { type SignedUp, call, signUp } from "./accounts";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { callSid } from "./twilio";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

/**
 * Issue 33: no URL a business types turns the worker into its proxy. The CRM simulator records every request it gets,
 * so each hostile URL below that would reach it (loopback in another notation, or another loopback port) proves by
 * the absence of its path there that nothing was fetched (the path is this file's own: other files use the simulator
 * at the same time). Its own 127.0.0.1 port is the tests' one allowed loopback target.
 */
const CRM = SIMULATED.crmPort;
const HOSTILE_PATH = `/__hostile-${crypto.randomUUID()}`;
const NUMBER = "+14155550188";
const HOSTILE_HOSTS = [
  "169.254.169.254/latest",
  "10.0.0.5",
  "2130706433",
  "0x7f000001",
  "0177.0.0.1",
  "127.1",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "metadata.google.internal",
  "printer.local",
  "api.localhost",
  "intranet",
  "127.0.0.1.nip.io",
  `localhost:${CRM}${HOSTILE_PATH}`,
  `127.1:${CRM}${HOSTILE_PATH}`,
  `[::1]:${CRM}${HOSTILE_PATH}`,
  `0x7f000001:${CRM}${HOSTILE_PATH}`,
  `user:secret@127.0.0.1:${CRM}${HOSTILE_PATH}`,
  `evil.example@127.0.0.1:${CRM}${HOSTILE_PATH}`,
  `127.0.0.1:${SIMULATED.openaiPort}/__chat-requests`,
  "voice.example.com:8443",
];
const hostile = (scheme: "https" | "wss") => [
  ...HOSTILE_HOSTS.map((host) => `${scheme}://${host}`),
  ...HOSTILE_HOSTS.map((host) => `${scheme === "https" ? "http" : "ws"}://${host}`),
  `${scheme}://example.com\\@127.0.0.1/`,
  `${scheme}://127.0.0\n.1/`,
];

/** The field's message, naming why this value was refused. */
const refusedAs = (message: string) => expect.stringMatching(new RegExp(`^${message.slice(0, -1).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} \\(here, .+\\)\\.$`));

let owner: SignedUp;
let agentId: string;
const crmRequests = async () => (await (await fetch(`http://127.0.0.1:${CRM}/__requests`)).json()) as { path: string; query: string }[];
/** What reached the simulator at a path only this file's hostile URLs name. */
const hostileRequests = async () => (await crmRequests()).filter((request) => request.path.startsWith("/__hostile-") || request.path.startsWith("/__escaped-"));
const settings = async () => ((await (await call("/api/org/settings", { cookie: owner.cookie })).json()) as { settings: Record<string, unknown> }).settings;
const patch = (body: object) => call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body });
const probed = async (target: string) =>
  ((await (await call("/api/health/probe", { cookie: owner.cookie, body: { target } })).json()) as { probe: ProbeResult }).probe;
const storeAsBefore = (column: "bridge_ws_url" | "crm_webhook_url", value: string) =>
  env.DB.prepare(`update organization_settings set ${column} = ? where organization_id = ?`).bind(value, owner.organizationId).run();

beforeAll(async () => {
  owner = await signUp({ company: "Proxy Hunters" });
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Guard" } });
  agentId = ((await created.json()) as { agent: { id: string } }).agent.id;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agentId)
    .run();
});

// About 90 saves a test, each a request to the worker: 1.5 to 4 s idle, well over the default 5 s on a busy 2-core machine.
describe("every URL field refuses hostile URLs when saved: nothing stored, nothing fetched", { timeout: 60_000 }, () => {
  it("the voice bridge and the CRM webhook (Settings)", async () => {
    const fields = [
      ["bridge_ws_url", "wss", SETTINGS_MESSAGES.bridgeUrl],
      ["crm_webhook_url", "https", SETTINGS_MESSAGES.crmWebhookUrl],
    ] as const;
    for (const [field, scheme, message] of fields) {
      for (const url of hostile(scheme)) {
        const response = await patch({ [field]: url });
        expect({ url, status: response.status }).toEqual({ url, status: 400 });
        expect(((await response.json()) as { error: { fields: object } }).error.fields).toEqual({ [field]: refusedAs(message) });
      }
    }
    expect(await settings()).toMatchObject({ bridge_ws_url: null, crm_webhook_url: null });
    for (const target of ["bridge_health", "voice_inbound"]) await probed(target);
    expect(await hostileRequests()).toEqual([]);
  });

  it("the OpenAI realtime URL and the Zapier catch hook (Integrations)", async () => {
    const save = (provider: string, credentials: object) =>
      call(`/api/integrations/${provider}`, { method: "PUT", cookie: owner.cookie, body: { credentials } });
    for (const url of hostile("wss")) {
      const response = await save("openai", { api_key: OWN.openai.api_key, realtime_url: url });
      expect(((await response.json()) as { error: { fields: object } }).error.fields).toEqual({ realtime_url: refusedAs(INTEGRATION_MESSAGES.realtimeUrl) });
    }
    const hooks = [
      ...hostile("https"),
      "https://hooks.zapier.com/hooks/catch/../../__escaped-dots",
      "https://hooks.zapier.com/hooks/catch/1/%2e%2e/%2e%2e/__escaped-encoded-dots",
      "https://hooks.zapier.com/hooks/catch/1%2f..%2f..%2f__escaped-encoded-slash",
      "https://hooks.zapier.com.evil.example/hooks/catch/1/a/",
      "https://hooks.zapier.com@127.0.0.1/hooks/catch/1/a/",
    ];
    for (const url of hooks) {
      const response = await save("zapier", { webhook_url: url });
      expect(((await response.json()) as { error: { fields: object } }).error.fields).toEqual({ webhook_url: INTEGRATION_MESSAGES.zapierUrl });
    }
    const listed = ((await (await call("/api/integrations", { cookie: owner.cookie })).json()) as { integrations: { provider: string; configured: boolean }[] })
      .integrations;
    expect(listed.filter((entry) => entry.configured)).toEqual([]);
    expect(await hostileRequests()).toEqual([]);
  });
});

describe("a value stored before the rule is treated as unset before every fetch and connection", () => {
  it("the voice bridge: calls stream to this deployment's bridge, and its check says the saved URL is not used", async () => {
    await storeAsBefore("bridge_ws_url", `ws://localhost:${CRM}${HOSTILE_PATH}`);
    const bridge = await probed("bridge_health");
    expect(bridge).toMatchObject({ status: 0, body: PROBE_MESSAGES.refusedUrl("bridge URL", URL_REFUSAL_REASONS.internal_host) });
    expect((await probed("voice_inbound")).body).toContain('<Stream url="wss://nikki.test/twilio/stream/CA');
    expect(await hostileRequests()).toEqual([]);
    await storeAsBefore("bridge_ws_url", "");
  });

  it("the CRM webhook: never posted to, by the check or after a call", async () => {
    await storeAsBefore("crm_webhook_url", `http://localhost:${CRM}${HOSTILE_PATH}`);
    expect(await probed("crm_webhook")).toMatchObject({ status: 0, body: PROBE_MESSAGES.refusedUrl("CRM webhook URL", URL_REFUSAL_REASONS.internal_host) });
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `insert into calls (id, call_sid, organization_id, agent_id, from_number, to_number, processing_status, transcript, direction)
       values (?, ?, ?, ?, '+14155552671', ?, 'pending', '[{"role":"user","content":"Hi, I need a plumber"}]', 'inbound')`,
    )
      .bind(id, callSid(), owner.organizationId, agentId, NUMBER)
      .run();
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    expect(await hostileRequests()).toEqual([]);
    await storeAsBefore("crm_webhook_url", "");
  });

  it("the OpenAI realtime URL: the call's model session opens at the provider's own address instead", async () => {
    const config = readConfig(env);
    await saveIntegration(testServices().db, config, owner.organizationId, "openai", {
      api_key: OWN.openai.api_key,
      realtime_url: "wss://169.254.169.254/latest",
    });
    const stored = (await readIntegration(testServices().db, config, owner.organizationId, "openai"))!;
    await recordIntegrationTest(testServices().db, stored.row, { success: true, message: "verified before the rule" });
    const target = (await testServices().providersFor(owner.organizationId)).openai!.realtimeTarget("gpt-realtime");
    expect(target).toMatchObject({ url: `${config.OPENAI_BASE_URL.replace(/^ws/, "http")}/realtime?model=gpt-realtime`, fromBusiness: false });
    await call("/api/integrations/openai", { method: "DELETE", cookie: owner.cookie });
  });

  it("the Zapier catch hook: a path that climbs out of /hooks/catch/ is never sent", async () => {
    const config = readConfig(env);
    await saveIntegration(testServices().db, config, owner.organizationId, "zapier", {
      webhook_url: "https://hooks.zapier.com/hooks/catch/../../__escaped-stored",
    });
    const tested = await call("/api/integrations/zapier/test", { cookie: owner.cookie, body: {} });
    expect(((await tested.json()) as { success: boolean }).success).toBe(false);
    expect(await hostileRequests()).toEqual([]);
    await call("/api/integrations/zapier", { method: "DELETE", cookie: owner.cookie });
  });
});

describe("what a checked endpoint answers", () => {
  it("is never shown: a probe's body is a message of ours", async () => {
    // The CRM simulator's request log answers 200 with every request it saw, credentials included: a foreign body.
    expect((await patch({ bridge_ws_url: `ws://127.0.0.1:${CRM}/__requests` })).status).toBe(200);
    expect(await probed("bridge_health")).toMatchObject({ status: 200, body: PROBE_MESSAGES.notABridge });
    expect((await patch({ crm_webhook_url: `http://127.0.0.1:${CRM}/__requests` })).status).toBe(200);
    expect(await probed("crm_webhook")).toMatchObject({ status: 200, body: PROBE_MESSAGES.webhookAnswered(200) });
    await patch({ bridge_ws_url: null, crm_webhook_url: null });
  });

  it("a redirect is a failure, and where it points is never asked", async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${CRM}/__escaped-redirect-target`);
    expect((await patch({ crm_webhook_url: `http://127.0.0.1:${CRM}/__redirect?to=${to}` })).status).toBe(200);
    expect(await probed("crm_webhook")).toMatchObject({ status: 302, body: PROBE_MESSAGES.redirectNotFollowed(302) });
    // A bridge URL takes no query: the simulator's redirect then points at its default, /__escaped-redirect.
    expect((await patch({ bridge_ws_url: `ws://127.0.0.1:${CRM}/__redirect` })).status).toBe(200);
    const bridge = await probed("bridge_health");
    expect(bridge).toMatchObject({ status: 302, body: PROBE_MESSAGES.redirectNotFollowed(302) });
    expect(await hostileRequests()).toEqual([]);
    await patch({ bridge_ws_url: null, crm_webhook_url: null });
  });
});
