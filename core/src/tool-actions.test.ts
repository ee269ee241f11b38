import { describe, expect, it } from "vitest";
import { CALL_TOOL_NAMES, TOOL_ACTIONS, toolAction } from "./tool-actions";

describe("a call's tools in the owner's words", () => {
  it.each([
    ["check_availability", true, "Looked up free times"],
    ["book_appointment", true, "Booked the appointment"],
    ["book_appointment", false, "Could not book the appointment"],
    ["lookup_knowledge", true, "Looked it up in your knowledge"],
    ["transfer_call", false, "Could not transfer the call to your team"],
    ["reserve_table", true, "Used reserve table"],
  ])("%s (ok: %s) reads %j", (name, ok, words) => {
    expect(toolAction(name, ok)).toBe(words);
  });

  it("words every tool without its identifier", () => {
    for (const name of CALL_TOOL_NAMES) {
      for (const ok of [true, false]) expect(toolAction(name, ok)).not.toMatch(/_/);
    }
    expect(Object.keys(TOOL_ACTIONS)).toEqual([...CALL_TOOL_NAMES]);
  });
});
