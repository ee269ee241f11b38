import { describe, expect, it } from "vitest";
import { alertReason, urgencyOf } from "./alerts";

describe("urgencyOf", () => {
  it.each([
    ["urgent", "urgent"],
    ["Emergency - pipe burst", "urgent"],
    ["HIGH", "urgent"],
    ["urgente", "urgent"],
    ["not urgent", "low"],
    ["low", "low"],
    ["no rush", "low"],
    ["", "normal"],
    [null, "normal"],
    ["this week", "normal"],
  ] as const)("%s → %s", (value, expected) => {
    expect(urgencyOf(value)).toBe(expected);
  });
});

describe("alertReason", () => {
  it("alerts on urgent calls, bookings and leads, in that order, and nothing else", () => {
    expect(alertReason("info", "urgent")).toBe("urgent");
    expect(alertReason("appointment", "normal")).toBe("appointment");
    expect(alertReason("lead", "low")).toBe("lead");
    expect(alertReason("info", "normal")).toBeNull();
    expect(alertReason("hangup", "low")).toBeNull();
  });
});
