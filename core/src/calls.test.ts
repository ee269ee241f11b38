import { describe, expect, it } from "vitest";
import { callOutcome } from "./calls";

const base = { booked: false, leadSaved: false, name: "", phone: "", durationSeconds: 60, callerSpoke: true, callerAnswered: true };

describe("callOutcome", () => {
  it.each([
    [{ booked: true, durationSeconds: 3 }, "appointment"],
    [{ leadSaved: true }, "lead"],
    [{ name: "Grace Hopper", phone: "+14155550199" }, "lead"],
    [{ name: "Grace Hopper" }, "info"],
    [{ durationSeconds: 9, callerAnswered: false }, "hangup"],
    [{ durationSeconds: null, callerAnswered: false }, "hangup"],
    // A quick question answered: the caller got what they called for.
    [{ durationSeconds: 8 }, "info"],
    [{ callerSpoke: false }, "hangup"],
    [{}, "info"],
    [{ answeredBy: "machine", booked: true }, "voicemail"],
    [{ answeredBy: "fax" }, "hangup"],
    [{ answeredBy: "human" }, "info"],
    [{ answeredBy: "unknown", durationSeconds: 5, callerAnswered: false }, "hangup"],
    [{ screened: "silent", callerSpoke: false }, "silent"],
    [{ screened: "blocked", durationSeconds: 3 }, "spam"],
    [{ screened: "talk_over", leadSaved: true }, "spam"],
    [{ screened: "repeat_caller" }, "spam"],
    [{ status: "in-progress", durationSeconds: null, callerSpoke: false }, "in_progress"],
    [{ status: "in-progress", booked: true }, "appointment"],
    [{ placedFor: "test_call", status: "completed" }, "test_call"],
    [{ placedFor: "test_call", status: "completed", durationSeconds: 4 }, "test_call"],
    [{ placedFor: "test_call", leadSaved: true }, "lead"],
    [{ placedFor: "test_call", answeredBy: "machine" }, "voicemail"],
    [{ placedFor: "demo_call", status: "completed" }, "info"],
  ] as const)("%o → %s", (call, outcome) => {
    expect(callOutcome({ ...base, ...call })).toBe(outcome);
  });
});
