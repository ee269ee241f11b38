import { describe, expect, it } from "vitest";
import { TOOL_FILLERS, isToolFiller, toolFillers } from "./tool-fillers";

describe("the lines said while a slow tool runs", () => {
  it("are in the agent's language, English for any other, and are recognised in any", () => {
    expect(toolFillers("es-ES")).toEqual(TOOL_FILLERS.es);
    expect(toolFillers("en-US")[0]).toBe("One moment while I check that.");
    expect(toolFillers("nl-NL")).toEqual(TOOL_FILLERS.en);
    expect(isToolFiller(" Un momento, lo estoy comprobando. ")).toBe(true);
    expect(isToolFiller("One moment while I check that, Ada.")).toBe(false);
  });
});
