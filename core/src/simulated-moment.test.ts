import { describe, expect, it } from "vitest";
import { afterHoursMoment, simulatedAfterHoursLabel, weekdayTime } from "./simulated-moment";

const weekdays = JSON.stringify(Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ open: "09:00", close: "17:00" }]])));
const zone = "America/Los_Angeles";

describe("the after-hours scenario's moment", () => {
  it("is two hours after closing on a weekday afternoon", () => {
    // Monday, December 7, 2026 at 10:00 AM in Los Angeles.
    const moment = afterHoursMoment(weekdays, zone, new Date("2026-12-07T18:00:00Z"))!;
    expect(weekdayTime(moment, zone)).toBe("Mon 7:00 PM");
  });

  it("is now when the business is closed, and none for a business never closed", () => {
    const saturday = new Date("2026-12-12T19:00:00Z");
    expect(afterHoursMoment(weekdays, zone, saturday)).toEqual(saturday);
    const always = JSON.stringify(
      Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])),
    );
    expect(afterHoursMoment(always, zone, saturday)).toBeNull();
  });

  it("reads as a test call simulated after hours, at its moment", () => {
    expect(simulatedAfterHoursLabel("2026-12-13T07:00:00Z", zone)).toBe("Test call · simulated after hours (Sat 11:00 PM)");
    expect(simulatedAfterHoursLabel(null, zone)).toBe("Test call · simulated after hours");
  });
});
