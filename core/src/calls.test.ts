import { describe, expect, it } from "vitest";
import { callOutcome } from "./calls";

const base = { booked: false, leadSaved: false, name: "", phone: "", durationSeconds: 60, callerSpoke: true };

describe("callOutcome", () => {
  it.each([
    [{ booked: true, durationSeconds: 3 }, "appointment"],
    [{ leadSaved: true }, "lead"],
    [{ name: "Grace Hopper", phone: "+14155550199" }, "lead"],
    [{ name: "Grace Hopper" }, "info"],
    [{ durationSeconds: 9 }, "hangup"],
    [{ durationSeconds: null }, "hangup"],
    [{ callerSpoke: false }, "hangup"],
    [{}, "info"],
    [{ answeredBy: "machine", booked: true }, "voicemail"],
    [{ answeredBy: "fax" }, "hangup"],
    [{ answeredBy: "human" }, "info"],
    [{ answeredBy: "unknown", durationSeconds: 5 }, "hangup"],
    [{ screened: "silent", callerSpoke: false }, "silent"],
    [{ screened: "blocked", durationSeconds: 3 }, "spam"],
    [{ screened: "talk_over", leadSaved: true }, "spam"],
    [{ screened: "repeat_caller" }, "spam"],
  ] as const)("%o → %s", (call, outcome) => {
    expect(callOutcome({ ...base, ...call })).toBe(outcome);
  });
});
