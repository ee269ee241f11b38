import { describe, expect, it } from "vitest";
import { hoursProblem } from "./hours-problem";

describe("a week of hours as a business writes it (issue 54 §11)", () => {
  it.each([
    [{ mon: [{ open: "09:00", close: "17:00" }], sun: [] }, "opening", null],
    [{ fri: [{ open: "09:00", close: "08:00" }] }, "opening", "Friday closes before it opens."],
    [{ fri: [{ open: "09:00", close: "08:00" }] }, "transfer", "Friday's transfer hours end before they start."],
    [{ sat: [{ open: "10:00", close: "10:00" }] }, "opening", "Saturday opens and closes at 10:00: choose a closing time after the opening time."],
    [{ tue: [{ open: "9am", close: "17:00" }] }, "opening", "Tuesday's time “9am” is not a time of day: write it like 09:00 or 17:30."],
    [{ wed: [{ open: "09:00" }] }, "opening", "Wednesday's hours need an opening and a closing time for each span."],
    [{ thu: "9-5" }, "transfer", "Thursday's hours need an opening and a closing time for each span."],
    [{ funday: [] }, "opening", "“funday” is not a day: the days are mon, tue, wed, thu, fri, sat and sun."],
    [[1, 2], "opening", 'Opening hours are days (mon … sun), each a list of times like {"open": "09:00", "close": "17:00"}.'],
    // Monday first, as the grid lists the week: Sunday's problem comes last.
    [{ sun: [{ open: "12:00", close: "11:00" }], mon: [{ open: "12:00", close: "11:00" }] }, "opening", "Monday closes before it opens."],
  ] as const)("%j (%s hours): %s", (value, kind, problem) => {
    expect(hoursProblem(value, kind)).toBe(problem);
  });
});
