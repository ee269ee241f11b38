import { describe, expect, it } from "vitest";
import { leadNeed } from "./business-leads";

describe("what a lead wants, on the lead list", () => {
  it.each([
    ["book_appointment", "Cleaning", "Book an appointment · Cleaning"],
    ["Book a cleaning", "Book a cleaning", "Book a cleaning"],
    ["book a cleaning", "Book a cleaning.", "book a cleaning"],
    [
      "Book a plumber for tomorrow morning",
      "Ada called to book a plumber for tomorrow morning. The appointment was booked.",
      "Ada called to book a plumber for tomorrow morning. The appointment was booked.",
    ],
    ["Quote", "Wants a quote. Wants a quote.", "Wants a quote."],
    ["Emergency leak", "Water under the sink; asked for today.", "Emergency leak · Water under the sink; asked for today."],
    [null, "Asked about parking.", "Asked about parking."],
    [null, null, "—"],
  ])("%j and %j read %j", (intent, notes, said) => {
    expect(leadNeed(intent, notes)).toBe(said);
  });

  it("keeps a word that only starts another: 'book' is not 'booked'", () => {
    expect(leadNeed("Book", "Booked for Tuesday.")).toBe("Book · Booked for Tuesday.");
  });
});
