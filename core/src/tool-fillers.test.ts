import { describe, expect, it } from "vitest";
import { testVerdict } from "./test-verdict";
import { TOOL_FILLERS, isToolFiller, toolFillers } from "./tool-fillers";

const facts = (said: string[]) => ({
  agentName: "Rosa",
  processingStatus: "processed" as const,
  processingError: null,
  afterHours: false,
  entities: {},
  tools: [],
  transcript: [{ role: "user" as const, content: "Can I book for tomorrow?" }, ...said.map((content) => ({ role: "assistant" as const, content }))],
  offered: [],
  booked: null,
  hours: null,
});
const filler = [{ expect: "filler" as const, phrase: null }];

describe("the lines said while a slow tool runs", () => {
  it("are in the agent's language, English for any other", () => {
    expect(toolFillers("es-ES")).toEqual(TOOL_FILLERS.es);
    expect(toolFillers("en-US")[0]).toBe("One moment while I check that.");
    expect(toolFillers("nl-NL")).toEqual(TOOL_FILLERS.en);
    expect(isToolFiller(" Un momento, lo estoy comprobando. ")).toBe(true);
    expect(isToolFiller("One moment while I check that, Ada.")).toBe(false);
  });

  it("the slow_tool verdict passes only with a filler said before the tool's answer", () => {
    expect(testVerdict(filler, facts(["Hi!", "One moment while I check that.", "I have 9:00 AM. Which would you like?"]))).toEqual({
      passed: true,
      reason: "Rosa said “One moment while I check that.” while the booking system was slow, then answered: “I have 9:00 AM. Which would you like?”",
    });
    expect(testVerdict(filler, facts(["Hi!", "I have 9:00 AM. Which would you like?"]))).toEqual({
      passed: false,
      reason: "Rosa said nothing while the booking system was slow: the caller heard silence.",
    });
    expect(testVerdict(filler, facts(["Hi!", "I have 9:00 AM.", "Still checking…"])).passed).toBe(false);
  });
});
