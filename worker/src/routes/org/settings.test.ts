import { SETTINGS_DEFAULTS, SETTINGS_MESSAGES as M, TEXT_LIMIT_DEFAULTS, type OrganizationSettings, findPlan } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SIMULATED } from "../../../test/simulators";
import { type SignedUp, call, inviteAndJoin, signUp } from "../../../test/accounts";

const settingsOf = async (owner: SignedUp) =>
  ((await (await call("/api/org/settings", { cookie: owner.cookie })).json()) as { settings: OrganizationSettings }).settings;
const patch = (owner: SignedUp, body: unknown) => call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body });
const keyOf = (owner: SignedUp) =>
  env.DB.prepare("select public_key from widget_keys where organization_id = ? and revoked_at is null").bind(owner.organizationId).first<string>("public_key");

async function agentOf(owner: SignedUp, name: string, createdAt: number) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into agents (id, organization_id, name, status, created_at) values (?, ?, ?, 'active', ?)")
    .bind(id, owner.organizationId, name, createdAt)
    .run();
  return id;
}

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Settings Plumbing" });
});

describe("GET /api/org/settings", () => {
  it("answers every setting in the spec's names, with the spec's defaults and lists as arrays", async () => {
    expect(await settingsOf(await signUp())).toEqual({
      transcript_retention_days: SETTINGS_DEFAULTS.transcriptRetentionDays,
      recording_retention_days: SETTINGS_DEFAULTS.recordingRetentionDays,
      pii_redaction: true,
      record_calls: true,
      record_announce: true,
      live_listening: false,
      default_region: "US",
      widget_rate_ip_hour: 3,
      widget_rate_phone_day: 2,
      allowed_countries: ["US", "CA"],
      allowed_origins: [],
      post_call_sms: false,
      max_call_seconds: 900,
      digest_phone: null,
      widget_color: SETTINGS_DEFAULTS.widgetColor,
      // A business's own site shows its chat; Test a Call and the voice demo demonstrate this product.
      enabled_widgets: ["chat"],
      contact_url: null,
      chat_agent_id: null,
      daily_spend_cap_usd: null,
      alert_email: true,
      alert_sms: true,
      bridge_ws_url: null,
      crm_webhook_url: null,
      sms_sender_number: null,
      booking_min_notice_minutes: 120,
      booking_horizon_days: 30,
      booking_slot_step_minutes: 15,
      closed_dates: [],
      blocked_numbers: [],
      calendar_feed_url: expect.stringMatching(/^https:\/\/nikki\.test\/api\/calendar\/[\w-]{43}\.ics$/),
      texts_per_hour: TEXT_LIMIT_DEFAULTS.perHour,
      texts_per_day: TEXT_LIMIT_DEFAULTS.perDay,
    });
  });
});

describe("booking settings", () => {
  it("saves notice, horizon, step and closed dates (sorted, once each), and refuses a patch of the feed URL", async () => {
    const response = await patch(owner, {
      booking_min_notice_minutes: 60,
      booking_horizon_days: 14,
      booking_slot_step_minutes: 30,
      closed_dates: ["2026-12-25", "2026-12-24", "2026-12-25"],
    });
    expect(response.status).toBe(200);
    expect(await settingsOf(owner)).toMatchObject({
      booking_min_notice_minutes: 60,
      booking_horizon_days: 14,
      booking_slot_step_minutes: 30,
      closed_dates: ["2026-12-24", "2026-12-25"],
    });
    expect((await patch(owner, { calendar_feed_url: "https://elsewhere.example/x.ics" })).status).toBe(400);
    const bad = await patch(owner, { booking_slot_step_minutes: 7 });
    expect(await bad.json()).toMatchObject({ error: { code: "validation_failed", fields: { booking_slot_step_minutes: M.bookingStep } } });
  });
});

describe("PATCH /api/org/settings", () => {
  it("changes what it names, keeps the rest, and records who changed what", async () => {
    const response = await patch(owner, {
      transcript_retention_days: 30,
      pii_redaction: false,
      allowed_countries: ["US", "GB", "US"],
      widget_color: "#0F766E",
    });
    expect(response.status).toBe(200);
    const { settings } = (await response.json()) as { settings: OrganizationSettings };
    expect(settings).toMatchObject({
      transcript_retention_days: 30,
      pii_redaction: false,
      allowed_countries: ["US", "GB"],
      widget_color: "#0f766e",
      recording_retention_days: 90,
    });
    expect(await settingsOf(owner)).toEqual(settings);
    const entry = await env.DB.prepare(
      "select action, details from audit_log where organization_id = ? and action = 'settings_updated' order by created_at desc",
    )
      .bind(owner.organizationId)
      .first<{ action: string; details: string }>();
    expect(JSON.parse(entry!.details)).toEqual({ changed: ["transcript_retention_days", "pii_redaction", "allowed_countries", "widget_color"] });
  });

  it("records only the fields whose values change, and nothing when none does", async () => {
    const entries = () =>
      env.DB.prepare("select details from audit_log where organization_id = ? and action = 'settings_updated' order by rowid desc")
        .bind(owner.organizationId)
        .all<{ details: string }>()
        .then((result) => result.results.map((entry) => JSON.parse(entry.details) as { changed: string[] }));
    const settings = await settingsOf(owner);
    const before = await entries();
    // The page sends its whole form with one switch turned.
    const form = {
      transcript_retention_days: settings.transcript_retention_days,
      recording_retention_days: settings.recording_retention_days,
      pii_redaction: settings.pii_redaction,
      record_calls: settings.record_calls,
      record_announce: settings.record_announce,
      max_call_seconds: settings.max_call_seconds,
      allowed_countries: settings.allowed_countries,
    };
    expect((await patch(owner, { ...form, live_listening: !settings.live_listening })).status).toBe(200);
    expect(await entries()).toEqual([{ changed: ["live_listening"] }, ...before]);
    const unchanged = await patch(owner, { ...form, live_listening: !settings.live_listening });
    expect(unchanged.status).toBe(200);
    expect(((await unchanged.json()) as { settings: OrganizationSettings }).settings.live_listening).toBe(!settings.live_listening);
    expect(await entries()).toEqual([{ changed: ["live_listening"] }, ...before]);
  });

  it.each([
    [{ recording_retention_days: 0 }, "recording_retention_days", M.recordingRetention],
    [{ recording_retention_days: 400 }, "recording_retention_days", M.recordingRetention],
    [{ widget_rate_ip_hour: 50 }, "widget_rate_ip_hour", M.widgetRateIpHour],
    [{ widget_rate_phone_day: 0 }, "widget_rate_phone_day", M.widgetRatePhoneDay],
    [{ default_region: "MARS" }, "default_region", M.region],
    [{ allowed_origins: ["https://plumber.example/shop"] }, "allowed_origins", M.origins],
    [{ allowed_countries: [] }, "allowed_countries", M.countries],
    [{ digest_phone: "555-0100" }, "digest_phone", M.digestPhone],
    [{ contact_url: "javascript:alert(1)" }, "contact_url", M.contactUrl],
    [{ enabled_widgets: ["everything"] }, "enabled_widgets", M.widgets],
    [{ max_call_seconds: 86_400 }, "max_call_seconds", M.maxCallSeconds],
    [{ chat_agent_id: "agt_demo_nikki" }, "chat_agent_id", M.chatAgent],
    [{ bridge_ws_url: "https://voice.example.com/twilio/stream" }, "bridge_ws_url", `${M.bridgeUrl.slice(0, -1)} (here, it must use a secure scheme).`],
    [{ bridge_ws_url: "wss://voice.example.com/twilio/stream?x=1" }, "bridge_ws_url", M.bridgeUrl],
    [{ crm_webhook_url: "http://crm.example.com/hook" }, "crm_webhook_url", `${M.crmWebhookUrl.slice(0, -1)} (here, it must use a secure scheme).`],
    [{ sms_sender_number: "4155550100" }, "sms_sender_number", M.smsSender],
    [{ sms_sender_number: "+14155550100" }, "sms_sender_number", M.smsSenderNotOurs],
    [{ pii_redaction: true, widget_rate_ip_hour: 0 }, "widget_rate_ip_hour", M.widgetRateIpHour],
    // A trial has Growth's bounds: 100 an hour, 600 a day.
    [{ texts_per_hour: 101 }, "texts_per_hour", M.textsPerHour(findPlan("growth")!)],
    [{ texts_per_day: 0 }, "texts_per_day", M.textsPerDay(findPlan("growth")!)],
    [{ texts_per_day: 601 }, "texts_per_day", "Texts per day must be a whole number from 1 to 600 on the Growth plan."],
  ])("refuses %j with fields.%s and changes nothing", async (body, field, message) => {
    const before = await settingsOf(owner);
    const response = await patch(owner, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "validation_failed", message: "Please check the highlighted fields.", fields: { [field]: message } },
    });
    expect(await settingsOf(owner)).toEqual(before);
  });

  it("refuses a setting it does not know, naming it", async () => {
    const response = await patch(owner, { pii_redactoin: false });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("pii_redactoin");
  });

  it("is for owners and admins: a viewer gets 403 and changes nothing", async () => {
    const viewer = await inviteAndJoin(owner, "viewer");
    expect((await call("/api/org/settings", { cookie: viewer.cookie })).status).toBe(403);
    expect((await patch(viewer, { pii_redaction: true })).status).toBe(403);
    const admin = await inviteAndJoin(owner, "admin");
    expect((await patch(admin, { widget_rate_phone_day: 5 })).status).toBe(200);
  });
});

describe("what the settings change", () => {
  it("allowed_origins: the widget works on the business's own site once its origin is added", async () => {
    const business = await signUp({ company: "Origins Co" });
    const key = await keyOf(business);
    const fromSite = () => call(`/api/widget/config?key=${key}`, { origin: "https://origins-co.example" });
    expect((await fromSite()).status).toBe(403);
    expect((await patch(business, { allowed_origins: ["https://origins-co.example"] })).status).toBe(200);
    const allowed = await fromSite();
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://origins-co.example");
  });

  it("widget colour and widgets: the loader's config follows them; a new business shows its chat alone (the demo keeps every widget: chat-and-widget.test.ts)", async () => {
    const business = await signUp({ company: "Colour Co" });
    const configOf = async (key: string, origin: string) =>
      (await (await call(`/api/widget/config?key=${key}`, { origin })).json()) as { colors: { primary: string }; widgets: string[] };
    await patch(business, { allowed_origins: ["https://colour.example"] });
    expect((await configOf((await keyOf(business))!, "https://colour.example")).widgets).toEqual(["chat"]);
    await patch(business, { widget_color: "#112233", enabled_widgets: ["chat", "test-call"] });
    expect(await configOf((await keyOf(business))!, "https://colour.example")).toMatchObject({
      colors: { primary: "#112233" },
      widgets: ["chat", "test-call"],
    });
  });

  it("widget_rate_ip_hour: the demo-call limiter allows exactly that many calls per IP", async () => {
    const business = await signUp({ company: "Limits Co" });
    await patch(business, { allowed_origins: ["https://limits.example"], widget_rate_ip_hour: 1 });
    const demoKey = await keyOf(business);
    const demo = (phone: string) =>
      call(`/api/demo-calls?key=${demoKey}`, {
        origin: "https://limits.example",
        body: { phone, consent: true },
        headers: { "cf-connecting-ip": "198.51.100.200" },
      });
    // No number is set up for this business, so the first call is refused for that: the limit still counts it.
    expect((await demo("4155550701")).status).toBe(503);
    const second = await demo("4155550702");
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe("rate_limit_ip");
  });

  it("allowed_countries: the destination rule follows them", async () => {
    const business = await signUp({ company: "Countries Co" });
    await patch(business, { allowed_origins: ["https://countries.example"] });
    const key = await keyOf(business);
    const london = () =>
      call(`/api/demo-calls?key=${key}`, {
        origin: "https://countries.example",
        body: { phone: "+44 20 7946 0958", consent: true },
        headers: { "cf-connecting-ip": "198.51.100.201" },
      });
    expect(((await (await london()).json()) as { error: { code: string } }).error.code).toBe("destination_not_allowed");
    await patch(business, { allowed_countries: ["US", "GB"] });
    // Allowed now: it passes the rule and stops only because this business has no number to call from.
    expect(((await (await london()).json()) as { error: { code: string } }).error.code).toBe("backend_down");
  });

  it("chat_agent_id: the chat widget answers as the agent Settings names", async () => {
    const business = await signUp({ company: "Chat Agents Co" });
    await agentOf(business, "Olivia", 1_000);
    const chosen = await agentOf(business, "Marcus", 2_000);
    await patch(business, { allowed_origins: ["https://chat-agents.example"] });
    const key = await keyOf(business);
    // Other test files send the simulator their own chats and analyses meanwhile: this chat's request is the one that asked this.
    const asked = "Hello, Chat Agents Co?";
    const ask = async () => {
      await call(`/api/chat?key=${key}`, { origin: "https://chat-agents.example", body: { messages: [{ role: "user", content: asked }] } });
      const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__chat-requests`)).json()) as { messages: { content: string }[] }[];
      return requests.filter((request) => request.messages.at(-1)?.content === asked).at(-1)!.messages[0]!.content;
    };
    expect(await ask()).toContain("You are Olivia");
    expect((await patch(business, { chat_agent_id: chosen })).status).toBe(200);
    expect(await ask()).toContain("You are Marcus");
    expect((await patch(business, { chat_agent_id: null })).status).toBe(200);
    expect(await ask()).toContain("You are Olivia");
  });
});

describe("POST /api/org/widget-key", () => {
  it("rotates the public key: the old one stops working at once, the new one works", async () => {
    const business = await signUp({ company: "Rotate Co" });
    await patch(business, { allowed_origins: ["https://rotate.example"] });
    const old = await keyOf(business);
    const config = (key: string) => call(`/api/widget/config?key=${key}`, { origin: "https://rotate.example" });
    expect((await config(old!)).status).toBe(200);
    const rotated = await call("/api/org/widget-key", { cookie: business.cookie, body: {} });
    expect(rotated.status).toBe(201);
    const { widget_key } = (await rotated.json()) as { widget_key: string };
    expect(widget_key).toMatch(/^pk_[a-z0-9]{24}$/);
    expect((await config(old!)).status).toBe(404);
    expect((await config(widget_key)).status).toBe(200);
    expect(((await (await call("/api/org/settings", { cookie: business.cookie })).json()) as { widget_key: string }).widget_key).toBe(widget_key);
  });
});
