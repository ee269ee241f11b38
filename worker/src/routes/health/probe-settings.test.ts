import { CRM_WEBHOOK_HEALTH_CHECK, PROBE_MESSAGES, type ProbeResult, TEST_CALL_MESSAGES } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS } from "@nikki/simulators/credentials";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeDueCall } from "../../after-call/analysis";
import { type SignedUp, call, signUp } from "../../../test/accounts";
import { testServices } from "../../../test/services";
import { SIMULATED } from "../../../test/simulators";
import { callSid } from "../../../test/twilio";
import { callEffectsOf } from "../../test-suite/call-effects-of";

const NUMBER = "+14155550164";
const HOOK = `http://127.0.0.1:${SIMULATED.crmPort}${new URL(SIMULATED_BUSINESS_CREDENTIALS.zapier.webhook_url).pathname}`;
let owner: SignedUp;
let agentId: string;

const probe = async (target: string) => call("/api/health/probe", { cookie: owner.cookie, body: { target } });
const probed = async (target: string) => ((await (await probe(target)).json()) as { probe: ProbeResult }).probe;
const save = (body: object) => call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body });
const hookPosts = async () =>
  (
    (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; body: { event?: string; call?: { id: string } } }[]
  ).filter((request) => request.path === new URL(HOOK).pathname);

beforeAll(async () => {
  owner = await signUp({ company: "Bridge Builders" });
  ({
    agent: { id: agentId },
  } = (await (await call("/api/agents", { cookie: owner.cookie, body: { name: "Vera" } })).json()) as { agent: { id: string } });
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agentId)
    .run();
});

describe("Voice Operations' settings, checked and used", () => {
  it("a saved voice bridge is where calls stream, and its health URL is checked by spec 001's rule", async () => {
    expect((await save({ bridge_ws_url: "wss://nikki.test/twilio/stream/" })).status).toBe(200);
    const voice = await probed("voice_inbound");
    expect(voice.body).toContain('<Stream url="wss://nikki.test/twilio/stream/CA');
    expect(await probed("bridge_health")).toMatchObject({ status: 200, body: PROBE_MESSAGES.bridgeAnswered(200) });

    await save({ bridge_ws_url: "wss://voice.elsewhere.example/twilio/stream" });
    expect((await probed("voice_inbound")).body).toContain('<Stream url="wss://voice.elsewhere.example/twilio/stream/CA');
    // A host that answers, but is not a voice bridge: the check reports its status.
    await save({ bridge_ws_url: `ws://127.0.0.1:${SIMULATED.crmPort}/twilio/stream` });
    expect(await probed("bridge_health")).toMatchObject({ status: 404 });
    await save({ bridge_ws_url: null });
    expect((await probed("voice_inbound")).body).toContain('<Stream url="wss://nikki.test/twilio/stream/CA');
  });

  it("the CRM webhook gets the health-check payload; a refusal is reported with its status; unset is optional, not a failure", async () => {
    expect(await probed("crm_webhook")).toEqual({ target: "crm_webhook", status: 0, content_type: null, ms: 0, body: PROBE_MESSAGES.notSet, not_set: true });

    const before = (await hookPosts()).length;
    await save({ crm_webhook_url: HOOK });
    expect(await probed("crm_webhook")).toMatchObject({ status: 200 });
    const posts = await hookPosts();
    expect(posts).toHaveLength(before + 1);
    expect(posts.at(-1)?.body).toEqual(CRM_WEBHOOK_HEALTH_CHECK);

    await save({ crm_webhook_url: `http://127.0.0.1:${SIMULATED.crmPort}/hooks/catch/0/gone/` });
    expect(await probed("crm_webhook")).toMatchObject({ status: 404 });
  });

  it("after a call is analysed, the call goes to the CRM webhook once", async () => {
    await save({ crm_webhook_url: HOOK });
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `insert into calls (id, call_sid, organization_id, agent_id, from_number, to_number, processing_status, transcript, direction)
       values (?, ?, ?, ?, '+14155552671', ?, 'pending', '[{"role":"user","content":"Hi, Ada Lovelace here, I need a plumber"}]', 'inbound')`,
    )
      .bind(id, callSid(), owner.organizationId, agentId, NUMBER)
      .run();
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    const sent = (await hookPosts()).filter((post) => post.body.call?.id === id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ event: "call.processed", call: { id, from_number: "+14155552671", to_number: NUMBER } });
  });

  it("the sender number must be one of the organization's active numbers", async () => {
    expect(await probed("sms_sender")).toMatchObject({ status: 200, body: `Texts are sent from ${NUMBER} (the first active number; none is saved).` });
    expect((await save({ sms_sender_number: NUMBER })).status).toBe(200);
    expect(await probed("sms_sender")).toMatchObject({ status: 200, body: `Texts are sent from ${NUMBER}.` });
    await env.DB.prepare("update phone_numbers set status = 'inactive' where twilio_number = ?").bind(NUMBER).run();
    expect(await probed("sms_sender")).toMatchObject({ status: 404, body: PROBE_MESSAGES.senderGone });
    await env.DB.prepare("update phone_numbers set status = 'active' where twilio_number = ?").bind(NUMBER).run();
  });

  it("Place Test Call rings the phone asked for from the first number with an active agent, within the destination rules", async () => {
    const callsTo = async (to: string) =>
      ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter(
        (request) => request.path.endsWith("/Calls.json") && request.form.To === to,
      );
    const placed = await call("/api/health/test-call", { cookie: owner.cookie, body: { phone: "+14155550177" } });
    expect(placed.status).toBe(200);
    expect(((await placed.json()) as { test_call: object }).test_call).toMatchObject({ to: "+14155550177", from: NUMBER });
    expect((await callsTo("+14155550177"))[0]?.form).toMatchObject({ From: NUMBER, Url: `https://nikki.test/twilio/voice/outbound?agent=${agentId}` });

    const premium = await call("/api/health/test-call", { cookie: owner.cookie, body: { phone: "+19005550100" } });
    expect(premium.status).toBe(400);
    expect(await callsTo("+19005550100")).toHaveLength(0);
    // The phone is read as every phone an owner types (core's parsePhone, the organization's region): 555-0177 is none.
    const bad = await call("/api/health/test-call", { cookie: owner.cookie, body: { phone: "555-0177" } });
    expect(((await bad.json()) as { error: { fields: object } }).error.fields).toEqual({ phone: TEST_CALL_MESSAGES.phone });
  });
});
