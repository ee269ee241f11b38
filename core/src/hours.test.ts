import { describe, expect, it } from "vitest";
import { businessDate, businessDateTime, describeOpeningHours, isOpen, localClock, parseOpeningHours } from "./hours";

const WEEKDAYS_9_TO_6 = JSON.stringify({
  mon: [{ open: "09:00", close: "18:00" }],
  tue: [{ open: "09:00", close: "18:00" }],
  wed: [{ open: "09:00", close: "18:00" }],
  thu: [{ open: "09:00", close: "18:00" }],
  fri: [
    { open: "09:00", close: "12:00" },
    { open: "13:00", close: "17:00" },
  ],
  sat: [],
});

describe("opening hours in the business's time zone", () => {
  const hours = parseOpeningHours(WEEKDAYS_9_TO_6);
  it.each([
    ["Tuesday 09:00 New York (14:00 UTC)", "2026-11-24T14:00:00Z", "America/New_York", true],
    ["Tuesday 08:59 New York", "2026-11-24T13:59:00Z", "America/New_York", false],
    ["Tuesday 18:00 New York, closing time", "2026-11-24T23:00:00Z", "America/New_York", false],
    ["Friday 12:30 New York, the lunch gap", "2026-11-27T17:30:00Z", "America/New_York", false],
    ["Friday 13:30 New York", "2026-11-27T18:30:00Z", "America/New_York", true],
    ["Saturday noon, closed", "2026-11-28T17:00:00Z", "America/New_York", false],
    ["Sunday, day missing", "2026-11-29T17:00:00Z", "America/New_York", false],
    ["Tuesday 10:00 in Madrid is 04:00 in New York", "2026-11-24T09:00:00Z", "Europe/Madrid", true],
    ["the same instant in New York is closed", "2026-11-24T09:00:00Z", "America/New_York", false],
    ["summer time: Monday 09:30 EDT (13:30 UTC)", "2026-07-13T13:30:00Z", "America/New_York", true],
  ])("%s → %s", (_case, instant, zone, open) => {
    expect(isOpen(hours, zone, new Date(instant))).toBe(open);
  });

  it("keeps a day open 00:00–23:59 open through its last minute", () => {
    const allDay = parseOpeningHours('{"tue":[{"open":"00:00","close":"23:59"}]}');
    expect(isOpen(allDay, "UTC", new Date("2026-11-24T23:59:30Z"))).toBe(true);
    expect(isOpen(allDay, "UTC", new Date("2026-11-25T00:00:30Z"))).toBe(false);
  });

  it("reads the weekday and time in the zone", () => {
    expect(localClock("America/Los_Angeles", new Date("2026-11-24T07:30:00Z"))).toEqual({ day: "mon", minutes: 23 * 60 + 30 });
  });

  it.each([["not json"], ["[]"], ['{"mon":[{"open":"9am","close":"5pm"}]}'], ["null"]])("treats malformed hours %s as always closed", (json) => {
    expect(isOpen(parseOpeningHours(json), "America/New_York", new Date("2026-11-24T15:00:00Z"))).toBe(false);
  });

  it("describes the week for the agent", () => {
    expect(describeOpeningHours(hours)).toBe(
      "Mon 09:00-18:00; Tue 09:00-18:00; Wed 09:00-18:00; Thu 09:00-18:00; Fri 09:00-12:00, 13:00-17:00; Sat closed; Sun closed",
    );
  });

  it.each([
    ["America/New_York", "Nov 24, 2026, 2:30 AM EST", "Nov 24, 2026"],
    ["America/Los_Angeles", "Nov 23, 2026, 11:30 PM PST", "Nov 23, 2026"],
    ["UTC", "Nov 24, 2026, 7:30 AM UTC", "Nov 24, 2026"],
  ])("shows a moment in %s, labelled with its zone, and its day there", (zone, dateTime, date) => {
    expect(businessDateTime("2026-11-24T07:30:00Z", zone)).toBe(dateTime);
    expect(businessDate("2026-11-24T07:30:00Z", zone)).toBe(date);
  });
});
