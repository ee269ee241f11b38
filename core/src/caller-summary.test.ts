import { describe, expect, it } from "vitest";
import { callerSummary, firstSentence } from "./caller-summary";

describe("a call's summary as the owner reads it", () => {
  it.each([
    ["[NAME] wants a cleaning.", "Ada Lovelace", "Ada Lovelace wants a cleaning."],
    ["[NAME] wants a cleaning.", "", "The caller wants a cleaning."],
    ["[NAME] wants a cleaning.", "[NAME]", "The caller wants a cleaning."],
    ["A cleaning for [NAME], with [NAME].", null, "A cleaning for the caller, with someone."],
    ["Booked. [NAME] asked about [NAME].", "Ada", "Booked. Ada asked about someone."],
    ["Nothing masked here.", "Ada", "Nothing masked here."],
  ])("%j for %j reads %j", (summary, name, read) => {
    expect(callerSummary(summary, name)).toBe(read);
  });

  it("takes the first sentence only", () => {
    expect(firstSentence("Ada called to book a cleaning. The appointment was booked.")).toBe("Ada called to book a cleaning.");
    expect(firstSentence(" No full stop ")).toBe("No full stop");
  });
});
