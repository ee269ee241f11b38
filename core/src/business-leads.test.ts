import { describe, expect, it } from "vitest";
import { leadNeed } from "./business-leads";

const lead = (fields: { name?: string; intent?: string | null; notes?: string | null; summary?: string | null }) => ({
  name: "Ada Lovelace",
  intent: null,
  notes: null,
  summary: null,
  ...fields,
});

describe("what a lead wants, on the lead list: one short sentence", () => {
  it("says the call's summary, its first sentence, the caller named", () => {
    const summary = "[NAME] called to book a cleaning. The appointment was booked for Tuesday, December 1 at 3:00 PM.";
    expect(leadNeed(lead({ summary, intent: "book_appointment", notes: "Hi. I'd like a cleaning. Tuesday works." }))).toBe(
      "Ada Lovelace called to book a cleaning.",
    );
    expect(leadNeed(lead({ summary, name: "[NAME]" }))).toBe("The caller called to book a cleaning.");
  });

  it.each([
    [{ intent: "book_appointment", notes: "Hi, this is Ada. I'd like a cleaning.\nTuesday works." }, "Book an appointment"],
    [{ intent: "Teeth cleaning", notes: "Hi. Cleaning please." }, "Teeth cleaning"],
    [{ notes: "Do you take new patients? I moved here last month." }, "Do you take new patients?"],
    [{}, "—"],
  ])("before a summary (or for a chat): %j reads %j", (fields, said) => {
    expect(leadNeed(lead(fields))).toBe(said);
  });

  it("cuts a long sentence at a word", () => {
    const said = leadNeed(lead({ notes: `Please ${"call me back about the crown ".repeat(8)}today.` }));
    expect(said.length).toBeLessThanOrEqual(141);
    expect(said.endsWith("…")).toBe(true);
    expect(said).not.toMatch(/\s…$/);
  });
});
