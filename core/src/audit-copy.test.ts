import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, auditSentence } from "./audit-copy";

const entry = (action: string, facts: { target?: string; subject?: string; details?: Record<string, unknown> } = {}) =>
  auditSentence({ action, target: facts.target ?? null, subject: facts.subject ?? null, details: facts.details ?? null });

describe("the activity log's sentences", () => {
  it.each([
    [entry("agent_created", { subject: "Sofia" }), "Agent Sofia created"],
    [entry("agent_created"), "An agent created"],
    [entry("number_bought", { subject: "+15125550100" }), "Number +1 512-555-0100 bought"],
    [entry("call_taken_over", { subject: "+14155550156", details: { number: "+15125550199" } }), "Took over the call from +1 415-555-0156 on +1 512-555-0199"],
    [entry("number_blocked", { target: "+14155550398" }), "+1 415-555-0398 blocked"],
    [entry("number_updated", { subject: "+15125550100", details: { changed: ["assigned_agent_id"] } }), "Number +1 512-555-0100 updated (agent)"],
    [entry("agent_updated", { subject: "Sofia", details: { changed: ["hours_json", "business_hours_tz"] } }), "Agent Sofia edited (hours, time zone)"],
    [
      entry("appointment_created", { subject: "Ada Lovelace on Tuesday, December 8 at 9:00 AM", details: { source: "call" } }),
      "Appointment for Ada Lovelace on Tuesday, December 8 at 9:00 AM booked by a caller",
    ],
    [
      entry("appointment_canceled", { subject: "Ada Lovelace on Tuesday, December 8 at 9:00 AM", details: { source: "manage_page" } }),
      "Appointment for Ada Lovelace on Tuesday, December 8 at 9:00 AM canceled by the client on their booking page",
    ],
    [entry("integration_saved", { target: "calcom" }), "Cal.com credentials saved"],
    [entry("calendar_connected", { target: "google_calendar" }), "Google Calendar connected"],
    [entry("organization_updated", { details: { name: "Bright Smile Dental" } }), "Business renamed to “Bright Smile Dental”"],
    [
      entry("member_role_changed", { target: "ana@brightsmile.example", details: { from: "viewer", to: "admin" } }),
      "ana@brightsmile.example's role changed from viewer to admin",
    ],
    [entry("test_call_started", { target: "spanish" }), "Test Suite call started “Spanish caller”"],
    [entry("knowledge_import_started", { target: "https://brightsmile.example/" }), "Website import started from brightsmile.example"],
    [entry("something_new"), "Something new"],
  ])("%s", (said, expected) => {
    expect(said).toBe(expected);
  });

  it("says every action without its code", () => {
    for (const action of AUDIT_ACTIONS) expect(entry(action)).not.toMatch(/_/);
  });
});
