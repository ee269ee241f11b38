import { TEST_CALL_COPY } from "@nikki/core/widget-copy";
import { describe, expect, it } from "vitest";
import { checkCallForm, checkSchedule } from "./call-request";

describe("the Call My Phone checks (spec 000 §5), in the spec's order", () => {
  it.each([
    ["", true, TEST_CALL_COPY.phoneRequired],
    ["   ", true, TEST_CALL_COPY.phoneRequired],
    ["4155552671", false, TEST_CALL_COPY.consentRequired],
    ["415 555 26", true, TEST_CALL_COPY.invalidPhone],
    ["+0 415 555 2671", true, TEST_CALL_COPY.invalidPhone],
  ] as const)("%j with consent %s → %j", (phone, consent, problem) => {
    expect(checkCallForm(phone, consent)).toEqual({ problem });
  });

  it.each([
    ["(415) 555-2671", "+14155552671"],
    ["1-415-555-2671", "+14155552671"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("%j is normalised to %s", (phone, e164) => {
    expect(checkCallForm(phone, true)).toEqual({ e164 });
  });
});

describe("the Schedule Test Call checks (spec 000 §5)", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it.each([
    ["415", "2026-11-22T13:00", true, TEST_CALL_COPY.scheduleInvalidPhone],
    ["4155552671", "", true, TEST_CALL_COPY.dateRequired],
    ["4155552671", "2026-11-22T11:00:00Z", true, TEST_CALL_COPY.dateInPast],
    ["4155552671", "not a date", true, TEST_CALL_COPY.dateInPast],
    ["4155552671", "2026-11-22T13:00:00Z", false, TEST_CALL_COPY.consentRequired],
  ] as const)("%j at %j (consent %s) → %j", (phone, when, consent, problem) => {
    expect(checkSchedule(phone, consent, when, now)).toEqual({ problem });
  });

  it("accepts a future time and a valid number", () => {
    expect(checkSchedule("415-555-2671", true, "2026-11-22T13:00:00Z", now)).toEqual({ e164: "+14155552671", at: new Date("2026-11-22T13:00:00Z") });
  });
});
