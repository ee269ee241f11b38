import { describe, expect, it } from "vitest";
import { credentialHint, isGoogleCalendarOutcome } from "./integrations";

describe("credentialHint", () => {
  it("shows a secret's last four characters and a URL's host, never a secret", () => {
    expect(credentialHint("openai", { api_key: "sk-proj-abcdef1234", realtime_url: "wss://api.openai.com/v1/realtime" })).toBe(
      "API Key …1234 · Realtime URL api.openai.com",
    );
    expect(credentialHint("gohighlevel", { api_key: "pit-0123456789", location_id: "loc_0123456789abcdef" })).toBe(
      "Private Integration Token …6789 · Location ID loc_01…cdef",
    );
  });

  it("names Google Calendar's calendar, never its refresh token", () => {
    expect(credentialHint("google_calendar", { refresh_token: "1//secret-refresh-token", calendar_id: "primary" })).toBe("Calendar primary");
    expect(credentialHint("google_calendar", { refresh_token: "1//secret-refresh-token" })).toBe("Calendar primary");
    expect(credentialHint("google_calendar", { refresh_token: "1//secret-refresh-token", calendar_id: "team@example.com" })).toBe("Calendar team@example.com");
    expect(
      credentialHint("google_calendar", { refresh_token: "1//secret-refresh-token", calendar_id: "primary", account_email: "dr.lee@brightsmile.example" }),
    ).toBe("Connected as dr.lee@brightsmile.example (primary calendar)");
  });
});

describe("isGoogleCalendarOutcome", () => {
  it.each(["connected", "failed", "denied", "expired", "scopes"])("knows %s", (outcome) => expect(isGoogleCalendarOutcome(outcome)).toBe(true));
  it.each([null, "", "toString", "constructor", "other"])("refuses %s", (outcome) => expect(isGoogleCalendarOutcome(outcome)).toBe(false));
});
