import { describe, expect, it } from "vitest";
import { DEMO_CALL_ERRORS, demoCallErrorMessage } from "./widget-copy";

describe("demoCallErrorMessage (spec 000 §8, phone test call)", () => {
  it.each(Object.entries(DEMO_CALL_ERRORS))("code %s → its message", (code, message) => {
    expect(demoCallErrorMessage(code, "whatever the server said")).toBe(message);
  });

  it.each([
    ["The number is not a valid E.164 number", DEMO_CALL_ERRORS.invalid_phone],
    ["Missing Twilio configuration", DEMO_CALL_ERRORS.backend_down],
    ["Twilio said no", DEMO_CALL_ERRORS.call_failed],
  ])("server text without a code: %j → mapped", (text, message) => {
    expect(demoCallErrorMessage(undefined, text)).toBe(message);
  });

  it("an unrecognised code falls back to the server's message, else the unknown message", () => {
    expect(demoCallErrorMessage("origin_not_allowed", "This site is not allowed to use this widget key.")).toBe(
      "This site is not allowed to use this widget key.",
    );
    expect(demoCallErrorMessage("something_new", "")).toBe(DEMO_CALL_ERRORS.unknown);
    expect(demoCallErrorMessage(undefined, "")).toBe(DEMO_CALL_ERRORS.unknown);
  });
});
