import { describe, expect, it } from "vitest";
import { analysable, processingShown } from "./call-analysable";

const customer = { answered_by: null, status: "completed", outcome: "info", screened: null } as const;

describe("which calls the model analyses", () => {
  it("a customer's conversation is analysed, and its AI column says how that went", () => {
    expect(analysable(customer)).toBe(true);
    expect(processingShown({ ...customer, processing_status: "failed" })).toBe("failed");
    expect(processingShown({ ...customer, processing_status: "processed" })).toBe("processed");
  });

  it("a machine's call, a screened call and one the caller left before Nikki answered are never analysed", () => {
    const never = [
      { ...customer, answered_by: "machine" as const },
      { ...customer, answered_by: "fax" as const },
      { ...customer, screened: "talk_over", outcome: "spam" },
      { ...customer, outcome: "silent" },
      { ...customer, status: "abandoned", outcome: "hangup" },
    ];
    for (const call of never) {
      expect(analysable(call)).toBe(false);
      // Neither "AI Generated" (a summary it lacks) nor "Failed" (nothing failed).
      expect(processingShown({ ...call, processing_status: "failed" })).toBe("not_analysed");
      expect(processingShown({ ...call, processing_status: "processed" })).toBe("not_analysed");
    }
  });

  it("a call that never reached the AI says it had nothing to process, whatever else it is", () => {
    for (const call of [{ ...customer, status: "abandoned", outcome: "hangup" }, { ...customer, status: "no-answer" }, customer]) {
      expect(processingShown({ ...call, processing_status: "skipped" })).toBe("skipped");
    }
  });

  it("a call still being worked on reads as such whatever it is", () => {
    expect(processingShown({ ...customer, status: "abandoned", processing_status: "pending" })).toBe("pending");
  });
});
