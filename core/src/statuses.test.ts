import { describe, expect, it } from "vitest";
import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES } from "./calls";
import { STATUS_LOOKS, type StatusKind, statusLook } from "./statuses";

describe("status labels: the words a badge and a filter option show", () => {
  it.each<[StatusKind, readonly string[]]>([
    ["callOutcome", CALL_OUTCOMES],
    ["call", CALL_STATUSES],
    ["callKind", CALL_KINDS],
  ])("every %s value has its own words, never the raw value", (kind, values) => {
    for (const value of values) {
      const { label } = statusLook(kind, value);
      expect(Object.keys(STATUS_LOOKS[kind])).toContain(value);
      expect(label).not.toMatch(/[_-]/);
      expect(label).toMatch(/^[A-Z]/);
    }
  });

  it("reads the outcomes a call list filters by as the badge does", () => {
    expect(statusLook("callOutcome", "in_progress").label).toBe("In progress");
    expect(statusLook("callOutcome", "test_call").label).toBe("Call ended");
  });
});
