import { describe, expect, it } from "vitest";
import { parseFields } from "./account";
import { SETTINGS_MESSAGES as M, isExactOrigin, siteOriginOf, settingsPatchSchema as schemaFor } from "./settings";
import { PUBLIC_URL_POLICY } from "./url-guard";

const settingsPatchSchema = schemaFor(PUBLIC_URL_POLICY);

describe("isExactOrigin", () => {
  it.each([
    ["https://www.example.com", true],
    ["http://localhost:8787", true],
    ["https://shop.example.co.uk:8443", true],
    ["https://example.com/", false],
    ["https://example.com/path", false],
    ["https://Example.com", false],
    ["https://example.com:443", false],
    ["http://example.com:80", false],
    ["https://example.com:70000", false],
    ["ftp://example.com", false],
    ["example.com", false],
    ["https://*.example.com", false],
  ])("%s → %s", (value, expected) => {
    expect(isExactOrigin(value)).toBe(expected);
  });
});

describe("siteOriginOf: what Settings keeps of a site pasted as a URL", () => {
  it.each([
    ["https://www.example.com", "https://www.example.com"],
    ["https://www.example.com/", "https://www.example.com"],
    ["  https://Shop.Example.com/contact?utm=1#top ", "https://shop.example.com"],
    ["https://example.com:443/pricing", "https://example.com"],
    ["http://localhost:8787/app", "http://localhost:8787"],
    ["example.com", null],
    ["ftp://example.com/file", null],
    ["https://user:pass@example.com", null],
    ["not a url", null],
  ])("%s → %s", (value, expected) => {
    expect(siteOriginOf(value)).toBe(expected);
  });
});

describe("PATCH /api/org/settings body", () => {
  it("accepts any subset of valid settings", () => {
    const body = {
      transcript_retention_days: 30,
      recording_retention_days: 365,
      pii_redaction: false,
      default_region: "GB",
      widget_rate_ip_hour: 20,
      widget_rate_phone_day: 1,
      allowed_countries: ["US", "CA", "GB"],
      allowed_origins: ["https://plumber.example", "http://localhost:3000"],
      max_call_seconds: 600,
      digest_phone: "+14155552671",
      widget_color: "#0F766E",
      enabled_widgets: ["chat"],
      contact_url: "https://plumber.example/contact",
      chat_agent_id: null,
      booking_min_notice_minutes: 0,
      booking_horizon_days: 365,
      booking_slot_step_minutes: 30,
      closed_dates: ["2026-12-25", "2027-01-01"],
    };
    expect(parseFields(settingsPatchSchema, body)).toEqual({ ok: true, data: body });
    expect(parseFields(settingsPatchSchema, {})).toEqual({ ok: true, data: {} });
  });

  it.each([
    ["transcript_retention_days", 0, M.transcriptRetention],
    ["transcript_retention_days", 366, M.transcriptRetention],
    ["recording_retention_days", 1.5, M.recordingRetention],
    ["recording_retention_days", "90", M.recordingRetention],
    ["widget_rate_ip_hour", 21, M.widgetRateIpHour],
    ["widget_rate_phone_day", 0, M.widgetRatePhoneDay],
    ["max_call_seconds", 30, M.maxCallSeconds],
    ["default_region", "FR", M.region],
    ["pii_redaction", "yes", M.boolean],
    ["allowed_countries", [], M.countries],
    ["allowed_countries", ["usa"], M.countries],
    ["allowed_origins", ["https://example.com/"], M.origins],
    ["allowed_origins", "https://example.com", M.origins],
    ["digest_phone", "555 2671", M.digestPhone],
    ["widget_color", "purple", M.color],
    ["enabled_widgets", ["chat", "popup"], M.widgets],
    ["contact_url", "http://plumber.example/contact", M.contactUrl],
    ["chat_agent_id", "", M.chatAgent],
    ["bridge_ws_url", "wss://voice.example.com/twilio/stream?x=1", M.bridgeUrl],
    ["bridge_ws_url", "wss://169.254.169.254/latest", `${M.bridgeUrl.slice(0, -1)} (here, it must use a host name, not an IP address).`],
    ["bridge_ws_url", "ws://127.0.0.1:8801/__chat-requests", `${M.bridgeUrl.slice(0, -1)} (here, it must use a host name, not an IP address).`],
    ["crm_webhook_url", "https://10.0.0.5/hook", `${M.crmWebhookUrl.slice(0, -1)} (here, it must use a host name, not an IP address).`],
    ["crm_webhook_url", "https://metadata.google.internal/", `${M.crmWebhookUrl.slice(0, -1)} (here, it points at a local or internal host).`],
    ["booking_min_notice_minutes", -1, M.bookingNotice],
    ["booking_min_notice_minutes", 10_081, M.bookingNotice],
    ["booking_horizon_days", 0, M.bookingHorizon],
    ["booking_horizon_days", 30.5, M.bookingHorizon],
    ["booking_slot_step_minutes", 7, M.bookingStep],
    ["booking_slot_step_minutes", 0, M.bookingStep],
    ["closed_dates", ["2026-02-30"], M.closedDates],
    ["closed_dates", ["25/12/2026"], M.closedDates],
    ["closed_dates", "2026-12-25", M.closedDates],
    ["calendar_feed_url", "https://elsewhere.example/feed.ics", undefined],
  ])("refuses %s = %j with its message", (field, value, message) => {
    // The feed URL is read only: a patch naming it is refused as a field the patch does not know.
    expect(parseFields(settingsPatchSchema, { [field]: value })).toEqual({ ok: false, fields: message ? { [field]: message } : { _: expect.any(String) } });
  });

  it("takes loopback URLs only on a local deployment", () => {
    const loopback = { bridge_ws_url: "ws://127.0.0.1:8788/twilio/stream", crm_webhook_url: "http://localhost:3000/hook" };
    expect(parseFields(schemaFor({ local: true, testAllow: [] }), loopback)).toEqual({ ok: true, data: loopback });
    expect(parseFields(settingsPatchSchema, loopback)).toEqual({
      ok: false,
      fields: {
        bridge_ws_url: `${M.bridgeUrl.slice(0, -1)} (here, it must use a host name, not an IP address).`,
        crm_webhook_url: `${M.crmWebhookUrl.slice(0, -1)} (here, it points at a local or internal host).`,
      },
    });
  });

  it("refuses a field it does not know, so a typo is never silently ignored", () => {
    const result = parseFields(settingsPatchSchema, { pii_redactoin: true });
    expect(result.ok).toBe(false);
  });
});
