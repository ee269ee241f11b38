import { PROBE_CALL_SID, PROBE_MESSAGES } from "@nikki/core";
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "../../../test/accounts";

let owner: SignedUp;
const NUMBER = "+14155550163";

const probe = async (target: string) => call("/api/health/probe", { cookie: owner.cookie, body: { target } });

beforeAll(async () => {
  owner = await signUp({ company: "Probe Plumbing" });
  const { agent } = (await (await call("/api/agents", { cookie: owner.cookie, body: { name: "Rosa" } })).json()) as { agent: { id: string } };
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agent.id)
    .run();
});

describe("POST /api/health/probe", () => {
  it("calls the voice webhook as Twilio would and gets the TwiML that connects a call, with nothing recorded", async () => {
    const response = await probe("voice_inbound");
    expect(response.status).toBe(200);
    const { probe: result } = (await response.json()) as { probe: { status: number; content_type: string; ms: number; body: string } };
    expect(result.status).toBe(200);
    expect(result.content_type).toContain("text/xml");
    expect(result.body).toContain('<Connect action="https://nikki.test/twilio/voice/after-stream" method="POST"><Stream');
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(await env.DB.prepare("select count(*) as n from calls where call_sid = ?").bind(PROBE_CALL_SID).first("n")).toBe(0);
  });

  it("calls the messaging webhook (an empty reply, no model, nothing stored) and the bridge's health URL", async () => {
    const messaging = (await (await probe("messaging_inbound")).json()) as { probe: { status: number; content_type: string; body: string } };
    expect(messaging.probe).toMatchObject({ status: 200, body: '<?xml version="1.0" encoding="UTF-8"?><Response/>' });
    expect(messaging.probe.content_type).toContain("text/xml");
    expect(await env.DB.prepare("select count(*) as n from conversation_messages where thread_key = '+15005550006'").first("n")).toBe(0);
    const bridge = (await (await probe("bridge_health")).json()) as { probe: { status: number; body: string } };
    expect(bridge.probe).toMatchObject({ status: 200, body: PROBE_MESSAGES.bridgeAnswered(200) });
    const direct = await SELF.fetch("https://nikki.test/twilio/stream");
    expect([direct.status, await direct.text()]).toEqual([200, "Voice Bridge OK"]);
  });

  it("takes only its fixed targets, with the message saying which", async () => {
    const response = await probe("https://attacker.example/");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "validation_failed", fields: { target: PROBE_MESSAGES.target } },
    });
  });
});

describe("GET /api/health/diagnostics", () => {
  it("answers anyone with the webhooks' and bridge's statuses and content types, never a body, and records nothing", async () => {
    const response = await SELF.fetch("https://nikki.test/api/health/diagnostics", { headers: { "cf-connecting-ip": "203.0.113.77" } });
    expect(response.status).toBe(200);
    const report = (await response.json()) as Record<string, unknown>;
    expect(report).toEqual({
      voice_twiml: { status: 200, content_type: expect.stringContaining("text/xml") },
      messaging_twiml: { status: 200, content_type: expect.stringContaining("text/xml") },
      bridge_health: { status: 200, content_type: expect.stringContaining("text/plain"), says_ok: true },
      sender_number_ok: true,
      unavailable: null,
    });
    expect(JSON.stringify(report)).not.toMatch(/\+1\d{10}|<Response/);
    expect(await env.DB.prepare("select count(*) as n from calls where call_sid = ?").bind(PROBE_CALL_SID).first("n")).toBe(0);
  });

  it("is limited per address: the 21st run in a minute gets 429 with Retry-After", { timeout: 60_000 }, async () => {
    const run = () => SELF.fetch("https://nikki.test/api/health/diagnostics", { headers: { "cf-connecting-ip": "203.0.113.78" } });
    // The window is a clock minute: 21 runs sent together, not in its last seconds, all fall in one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const answers = await Promise.all(Array.from({ length: 21 }, run));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(20).fill(200), 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("without the platform's Twilio account, says plainly which settings are missing", async () => {
    const { createApp } = await import("../../app");
    const { liveServices } = await import("../../services");
    const response = await createApp(liveServices).request(
      "https://nikki.test/api/health/diagnostics",
      { headers: { "cf-connecting-ip": "203.0.113.79" } },
      { ...env, TWILIO_AUTH_TOKEN: undefined },
      createExecutionContext(),
    );
    expect(await response.json()).toMatchObject({
      voice_twiml: { status: 0, content_type: null },
      messaging_twiml: { status: 0, content_type: null },
      bridge_health: { status: 200, says_ok: true },
      unavailable: "The platform's Twilio account is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)",
    });
  });
});
