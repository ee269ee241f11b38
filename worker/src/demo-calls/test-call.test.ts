import { TEST_CALL_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "../../test/accounts";
import { SIMULATED } from "../../test/simulators";
import { twilioPost } from "../../test/twilio";

const callsTo = async (to: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter(
    (request) => request.path.endsWith("/Calls.json") && request.form.To === to,
  );
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

let business: SignedUp;
const agentId = crypto.randomUUID();
const numberId = crypto.randomUUID();
const NUMBER = "+13125550142";

beforeAll(async () => {
  business = await signUp({ company: "Test Call Co" });
  await env.DB.prepare("insert into agents (id, organization_id, name, status) values (?, ?, 'Tess', 'active')").bind(agentId, business.organizationId).run();
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(numberId, business.organizationId, NUMBER, agentId)
    .run();
});

describe("test calls from the dashboard", () => {
  it("asks for the user's phone once, keeps it, and rings it from the agent's number with the agent answering", async () => {
    const first = await call(`/api/agents/${agentId}/test-call`, { cookie: business.cookie, body: {} });
    expect(first.status).toBe(400);
    expect((await errorOf(first)).fields).toEqual({ phone: TEST_CALL_MESSAGES.phoneNeeded });

    const placed = await call(`/api/agents/${agentId}/test-call`, { cookie: business.cookie, body: { phone: "+14155550191" } });
    expect(placed.status).toBe(200);
    const placedBody = (await placed.json()) as { test_call: { call_sid: string } };
    expect(placedBody.test_call).toMatchObject({
      call_sid: expect.stringMatching(/^CA/),
      to: "+14155550191",
      from: NUMBER,
    });
    const [request] = await callsTo("+14155550191");
    expect(request?.form).toMatchObject({ From: NUMBER, Url: `https://nikki.test/twilio/voice/outbound?agent=${agentId}` });
    // Kept as a member's test call: Overview counts it as no customer's answered call.
    expect(await env.DB.prepare("select placed_for from calls where call_sid = ?").bind(placedBody.test_call.call_sid).first("placed_for")).toBe("test_call");

    const me = (await (await call("/api/account/me", { cookie: business.cookie })).json()) as { user: { phone: string } };
    expect(me.user.phone).toBe("+14155550191");
    expect((await call(`/api/numbers/${numberId}/test-call`, { cookie: business.cookie, body: {} })).status).toBe(200);
    expect(await callsTo("+14155550191")).toHaveLength(2);

    // The outcome: dialling until Twilio's status callback ends the call, even one nobody answered.
    const { call_sid } = placedBody.test_call;
    const status = async () => ((await (await call(`/api/test-calls/${call_sid}`, { cookie: business.cookie })).json()) as { test_call: object }).test_call;
    expect(await status()).toEqual({ status: "in-progress", ended: false, duration_seconds: null, answered_by: null, message: null });
    await twilioPost("/twilio/voice/status", { CallSid: call_sid, CallStatus: "no-answer", CallDuration: "0", AccountSid: env.TWILIO_ACCOUNT_SID! });
    expect(await status()).toEqual({ status: "no-answer", ended: true, duration_seconds: 0, answered_by: null, message: null });
    const stranger = await signUp({ company: "Nosy Co" });
    expect((await call(`/api/test-calls/${call_sid}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("refuses what cannot work, in the product's words, before Twilio is asked", async () => {
    const other = await signUp({ company: "Nothing Set Up" });
    const lonely = crypto.randomUUID();
    await env.DB.prepare("insert into agents (id, organization_id, name) values (?, ?, 'Lonely')").bind(lonely, other.organizationId).run();
    expect(await errorOf(await call(`/api/agents/${lonely}/test-call`, { cookie: other.cookie, body: { phone: "+14155550192" } }))).toMatchObject({
      message: TEST_CALL_MESSAGES.noNumber,
    });
    const unassigned = crypto.randomUUID();
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number) values (?, ?, '+13125550143')")
      .bind(unassigned, other.organizationId)
      .run();
    expect(await errorOf(await call(`/api/numbers/${unassigned}/test-call`, { cookie: other.cookie, body: { phone: "+14155550192" } }))).toMatchObject({
      message: TEST_CALL_MESSAGES.noAgent,
    });
    await env.DB.prepare("update agents set status = 'inactive' where id = ?").bind(lonely).run();
    expect(await errorOf(await call(`/api/agents/${lonely}/test-call`, { cookie: other.cookie, body: {} }))).toMatchObject({
      message: TEST_CALL_MESSAGES.inactive,
    });
    expect(await errorOf(await call(`/api/agents/${agentId}/test-call`, { cookie: business.cookie, body: { phone: "+19005550100" } }))).toMatchObject({
      code: "destination_not_allowed",
    });
    expect(await callsTo("+14155550192")).toHaveLength(0);
    expect((await call(`/api/agents/${agentId}/test-call`, { cookie: other.cookie, body: {} })).status).toBe(404);
  });
});
