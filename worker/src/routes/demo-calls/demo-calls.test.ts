import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../../db/client";
import { DEMO, seedDemoOrganization } from "../../db/seed";
import { call } from "../../../test/accounts";
import { SIMULATED } from "../../../test/simulators";
import { testServices } from "../../../test/services";

let ipCounter = 0;
const demoCall = (body: object, ip = `203.0.113.${++ipCounter}`) =>
  call(`/api/demo-calls?key=${DEMO.publicWidgetKey}`, { body, headers: { "cf-connecting-ip": ip, "user-agent": "Widget test" } });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;
const callsTo = async (to: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter(
    (r) => r.path.endsWith("/Calls.json") && r.form.To === to,
  );

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
});

describe("POST /api/demo-calls", () => {
  it("records the consent, then Twilio rings the visitor with the outbound webhook of the organization's agent", async () => {
    const response = await demoCall({ phone: "(415) 555-0142", consent: true, page_url: "https://plumber.example/" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, callSid: expect.stringMatching(/^CA[0-9a-f]{32}$/) });
    const [placed] = await callsTo("+14155550142");
    expect(placed?.form).toMatchObject({
      From: DEMO.phoneNumber,
      Url: `https://nikki.test/twilio/voice/outbound?agent=${DEMO.agentId}`,
      StatusCallback: "https://nikki.test/twilio/voice/status",
    });
    const consent = await env.DB.prepare("select * from consent_records where phone_e164 = ?").bind("+14155550142").first<Record<string, string>>();
    expect(consent).toMatchObject({
      organization_id: DEMO.organizationId,
      widget_key_id: DEMO.widgetKeyId,
      consent_text_version: "demo-call-consent-v1",
      consent_text: "I agree to receive an automated test call.",
      user_agent: "Widget test",
      page_url: "https://plumber.example/",
    });
  });

  it.each([
    ["no consent", { phone: "4155550143" }, "consent_required", "Please agree to receive the test call."],
    ["a 9-digit number", { phone: "415555014", consent: true }, "invalid_phone", "Please enter a valid phone number."],
    [
      "a country the organization does not allow",
      { phone: "+44 20 7946 0958", consent: true },
      "destination_not_allowed",
      "Calls can only be placed to numbers in the United States and Canada.",
    ],
    [
      "a premium-rate number",
      { phone: "+1 900 555 0143", consent: true },
      "destination_not_allowed",
      "Calls to premium-rate and non-geographic numbers are not allowed.",
    ],
    [
      "a Caribbean number that looks like +1",
      { phone: "876 555 0143", consent: true },
      "destination_not_allowed",
      "Calls can only be placed to numbers in the United States and Canada.",
    ],
    ["extension digits", { phone: "415 555 0143 ext 2", consent: true }, "invalid_phone", "Please enter the number without an extension."],
  ])("refuses %s, and places no call", async (_case, body, code, message) => {
    const response = await demoCall(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code, message });
    expect(await env.DB.prepare("select count(*) as n from consent_records where phone_e164 in ('+14155550143', '+442079460958')").first("n")).toBe(0);
  });

  it("allows 3 attempts per IP per hour (the organization's setting), then says so", async () => {
    const ip = "198.51.100.10";
    for (let i = 0; i < 3; i++) expect((await demoCall({ phone: `415555020${i}`, consent: true }, ip)).status).toBe(200);
    const fourth = await demoCall({ phone: "4155550209", consent: true }, ip);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(fourth)).toEqual({ code: "rate_limit_ip", message: "Too many demo requests. Please wait a bit." });
    expect(await callsTo("+14155550209")).toHaveLength(0);
  });

  it("refuses a destination before any limit counts it", async () => {
    const ip = "198.51.100.12";
    for (const phone of ["+1 900 555 0101", "876 555 0102", "+44 20 7946 0103", "+1 809 555 0104"]) {
      expect(await errorOf(await demoCall({ phone, consent: true }, ip))).toMatchObject({ code: "destination_not_allowed" });
    }
    expect((await demoCall({ phone: "4155550105", consent: true }, ip)).status).toBe(200);
  });

  it("allows 2 calls per phone per day, from any IP", async () => {
    expect((await demoCall({ phone: "4155550300", consent: true })).status).toBe(200);
    expect((await demoCall({ phone: "+1 415 555 0300", consent: true })).status).toBe(200);
    const third = await demoCall({ phone: "415-555-0300", consent: true });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(third)).toEqual({ code: "rate_limit_phone", message: "This phone number has reached the daily limit. Try again tomorrow." });
  });

  it("says the demo service is offline when Twilio is not configured", async () => {
    const { createApp } = await import("../../app");
    const { liveServices } = await import("../../services");
    const response = await createApp(liveServices).request(
      `https://nikki.test/api/demo-calls?key=${DEMO.publicWidgetKey}`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.99" },
        body: JSON.stringify({ phone: "4155550400", consent: true }),
      },
      { ...env, TWILIO_ACCOUNT_SID: undefined },
    );
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toEqual({ code: "backend_down", message: "Demo service is offline. Please try again later." });
  });
});

describe("POST /api/demo-calls/scheduled and the minute cron", () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const schedule = (body: object, ip = `203.0.113.${++ipCounter}`) =>
    call(`/api/demo-calls/scheduled?key=${DEMO.publicWidgetKey}`, { body, headers: { "cf-connecting-ip": ip } });

  it("queues the call with its consent record, and the cron places it once when due", async () => {
    const response = await schedule({ phone: "415 555 0500", consent: true, scheduled_at: inAnHour() });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await env.DB.prepare("select * from demo_call_requests where id = ?").bind(id).first<Record<string, string>>();
    expect(row).toMatchObject({ phone_e164: "+14155550500", source: "widget", status: "queued", organization_id: DEMO.organizationId });
    expect(row?.consent_id).toBeTruthy();

    const { placeDueDemoCalls } = await import("../../jobs/scheduled-demo-calls");
    expect(await placeDueDemoCalls(testServices())).toEqual({ placed: 0, failed: 0 });
    expect(await callsTo("+14155550500")).toHaveLength(0);

    const due = new Date(Date.now() + 3_700_000);
    // Two overlapping runs, as a slow minute could produce: one call only.
    const runs = await Promise.all([placeDueDemoCalls(testServices(), due), placeDueDemoCalls(testServices(), due)]);
    expect(runs.reduce((sum, run) => sum + run.placed, 0)).toBe(1);
    const placed = await callsTo("+14155550500");
    expect(placed).toHaveLength(1);
    expect(placed[0]?.form.Url).toBe(`https://nikki.test/twilio/voice/outbound?agent=${DEMO.agentId}`);
    const done = await env.DB.prepare("select status, call_sid from demo_call_requests where id = ?").bind(id).first<Record<string, string>>();
    expect(done?.status).toBe("completed");
    expect(done?.call_sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(await placeDueDemoCalls(testServices(), due)).toEqual({ placed: 0, failed: 0 });
  });

  it("after a restart between claiming a due call and recording it, places it only if Twilio has no such call, once", async () => {
    const { placeDueDemoCalls } = await import("../../jobs/scheduled-demo-calls");
    const claimedAt = Date.now() - 5 * 60_000;
    const stuck = async (phone: string) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "insert into demo_call_requests (id, organization_id, phone_e164, scheduled_at, status, created_at, updated_at) values (?, ?, ?, ?, 'calling', ?, ?)",
      )
        .bind(id, DEMO.organizationId, phone, claimedAt - 60_000, claimedAt - 60_000, claimedAt)
        .run();
      return id;
    };
    const requestOf = (id: string) =>
      env.DB.prepare("select status, call_sid from demo_call_requests where id = ?").bind(id).first<{ status: string; call_sid: string }>();

    // Stopped before Twilio was asked: placed now, once, however many runs follow.
    const notPlaced = await stuck("+14155550610");
    const runs = await Promise.all([placeDueDemoCalls(testServices()), placeDueDemoCalls(testServices())]);
    expect(runs.reduce((sum, run) => sum + run.placed, 0)).toBe(1);
    expect(await callsTo("+14155550610")).toHaveLength(1);
    expect(await requestOf(notPlaced)).toMatchObject({ status: "completed", call_sid: expect.stringMatching(/^CA[0-9a-f]{32}$/) });

    // Stopped after Twilio placed it: found in the account's call list and recorded, never rung twice.
    const placedBefore = await stuck("+14155550611");
    const account = `http://127.0.0.1:${SIMULATED.twilioPort}/2010-04-01/Accounts/${SIMULATED.twilioAccountSid}`;
    const direct = await fetch(`${account}/Calls.json`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${SIMULATED.twilioAccountSid}:${SIMULATED.twilioAuthToken}`)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ From: DEMO.phoneNumber, To: "+14155550611", Url: "https://nikki.test/twilio/voice/outbound" }),
    });
    const { sid } = (await direct.json()) as { sid: string };
    expect(await placeDueDemoCalls(testServices())).toEqual({ placed: 0, failed: 0 });
    expect(await callsTo("+14155550611")).toHaveLength(1);
    expect(await requestOf(placedBefore)).toEqual({ status: "completed", call_sid: sid });
    expect(await env.DB.prepare("select count(*) as n from calls where call_sid = ?").bind(sid).first("n")).toBe(1);
  });

  it.each([
    ["no date", { phone: "4155550501", consent: true }, "Please select a date and time"],
    ["a past date", { phone: "4155550501", consent: true, scheduled_at: "2020-01-01T10:00:00Z" }, "Please select a future date and time"],
    [
      "a date beyond 14 days",
      { phone: "4155550501", consent: true, scheduled_at: new Date(Date.now() + 15 * 86_400_000).toISOString() },
      "Please pick a time within the next 14 days.",
    ],
  ])("refuses %s with the scheduler's message", async (_case, body, message) => {
    const response = await schedule(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "validation_failed", message });
  });

  it("applies the same consent, phone and per-IP checks as calling now", async () => {
    expect(await errorOf(await schedule({ phone: "4155550502", scheduled_at: inAnHour() }))).toMatchObject({ code: "consent_required" });
    expect(await errorOf(await schedule({ phone: "555", consent: true, scheduled_at: inAnHour() }))).toMatchObject({ code: "invalid_phone" });
    const ip = "198.51.100.77";
    for (let i = 0; i < 3; i++) expect((await schedule({ phone: `415555060${i}`, consent: true, scheduled_at: inAnHour() }, ip)).status).toBe(201);
    expect(await errorOf(await schedule({ phone: "4155550609", consent: true, scheduled_at: inAnHour() }, ip))).toMatchObject({ code: "rate_limit_ip" });
  });

  it("marks a due call failed, with the reason, when the organization cannot place calls", async () => {
    const response = await schedule({ phone: "4155550700", consent: true, scheduled_at: inAnHour() });
    const { id } = (await response.json()) as { id: string };
    const { placeDueDemoCalls } = await import("../../jobs/scheduled-demo-calls");
    const result = await placeDueDemoCalls(testServices({ TWILIO_ACCOUNT_SID: undefined }), new Date(Date.now() + 3_700_000));
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const row = await env.DB.prepare("select status, error from demo_call_requests where id = ?").bind(id).first<Record<string, string>>();
    expect(row).toEqual({ status: "failed", error: "backend_down" });
  });
});
