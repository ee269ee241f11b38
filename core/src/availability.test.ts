import { describe, expect, it } from "vitest";
import { type AvailabilityInput, freeSlots, slotProblem } from "./availability";
import { parseOpeningHours } from "./hours";
import { isoInZone } from "./zoned-time";

const NY = "America/New_York";
const MADRID = "Europe/Madrid";
const NINE_TO_FIVE = JSON.stringify({
  mon: [{ open: "09:00", close: "17:00" }],
  tue: [{ open: "09:00", close: "17:00" }],
  wed: [{ open: "09:00", close: "17:00" }],
  thu: [{ open: "09:00", close: "17:00" }],
  fri: [{ open: "09:00", close: "17:00" }],
});
const EVERY_DAY = (open: string, close: string) =>
  JSON.stringify(Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open, close }]])));

function input(overrides: Partial<AvailabilityInput> & { hoursJson?: string } = {}): AvailabilityInput {
  const { hoursJson, ...rest } = overrides;
  return {
    hours: parseOpeningHours(hoursJson ?? NINE_TO_FIVE),
    timeZone: NY,
    durationMinutes: 30,
    bufferMinutes: 0,
    stepMinutes: 15,
    minNoticeMinutes: 0,
    horizonDays: 30,
    closedDates: [],
    held: [],
    busy: [],
    // Monday 2026-11-23, 06:00 in New York.
    now: new Date("2026-11-23T11:00:00Z"),
    ...rest,
  };
}

/** The local starts (ISO with offset) of a day's free slots. */
const startsOn = (availability: AvailabilityInput, date: string, zone = availability.timeZone) =>
  freeSlots(availability)
    .map((slot) => isoInZone(zone, slot.start))
    .filter((iso) => iso.startsWith(date));

const at = (iso: string) => new Date(iso);
const interval = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe("free slots across daylight-saving changes", () => {
  it.each([
    // [case, zone, hours, now, date, duration, step, expected local starts]
    [
      "New York, the Saturday before spring forward: 09:00 EST",
      NY,
      EVERY_DAY("09:00", "10:00"),
      "2026-03-06T12:00:00Z",
      "2026-03-07",
      30,
      30,
      ["2026-03-07T09:00:00-05:00", "2026-03-07T09:30:00-05:00"],
    ],
    [
      "New York, spring forward Sunday: 09:00 is EDT, an hour earlier in UTC",
      NY,
      EVERY_DAY("09:00", "10:00"),
      "2026-03-06T12:00:00Z",
      "2026-03-08",
      30,
      30,
      ["2026-03-08T09:00:00-04:00", "2026-03-08T09:30:00-04:00"],
    ],
    [
      "New York, spring forward night: 02:00–03:00 does not exist, so a 00:00–04:00 span holds three hours",
      NY,
      EVERY_DAY("00:00", "04:00"),
      "2026-03-06T12:00:00Z",
      "2026-03-08",
      60,
      60,
      ["2026-03-08T00:00:00-05:00", "2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00"],
    ],
    [
      "New York, fall back night: 01:00 comes twice, so a 00:00–04:00 span holds five hours",
      NY,
      EVERY_DAY("00:00", "04:00"),
      "2026-10-30T12:00:00Z",
      "2026-11-01",
      60,
      60,
      ["2026-11-01T00:00:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T01:00:00-05:00", "2026-11-01T02:00:00-05:00", "2026-11-01T03:00:00-05:00"],
    ],
    [
      "New York, fall back Sunday: 09:00 is EST again",
      NY,
      EVERY_DAY("09:00", "10:00"),
      "2026-10-30T12:00:00Z",
      "2026-11-01",
      30,
      30,
      ["2026-11-01T09:00:00-05:00", "2026-11-01T09:30:00-05:00"],
    ],
    [
      "Madrid, spring forward Sunday: 10:00 is CEST",
      MADRID,
      EVERY_DAY("10:00", "11:00"),
      "2026-03-27T12:00:00Z",
      "2026-03-29",
      30,
      30,
      ["2026-03-29T10:00:00+02:00", "2026-03-29T10:30:00+02:00"],
    ],
    [
      "Madrid, spring forward night: 02:00–03:00 does not exist",
      MADRID,
      EVERY_DAY("01:00", "04:00"),
      "2026-03-27T12:00:00Z",
      "2026-03-29",
      60,
      60,
      ["2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00"],
    ],
    [
      "Madrid, fall back night: 02:00 comes twice",
      MADRID,
      EVERY_DAY("01:00", "04:00"),
      "2026-10-23T12:00:00Z",
      "2026-10-25",
      60,
      60,
      ["2026-10-25T01:00:00+02:00", "2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00"],
    ],
    [
      "Madrid, fall back Sunday: 10:00 is CET",
      MADRID,
      EVERY_DAY("10:00", "11:00"),
      "2026-10-23T12:00:00Z",
      "2026-10-25",
      30,
      30,
      ["2026-10-25T10:00:00+01:00", "2026-10-25T10:30:00+01:00"],
    ],
  ])("%s", (_case, zone, hoursJson, now, date, durationMinutes, stepMinutes, expected) => {
    const availability = input({ timeZone: zone, hoursJson, now: at(now), durationMinutes, stepMinutes });
    expect(startsOn(availability, date, zone)).toEqual(expected);
  });
});

describe("what a slot must respect", () => {
  it("ends by closing time: a 60-minute service's last start is 16:00, and 16:15 is outside hours", () => {
    const hour = input({ durationMinutes: 60 });
    expect(startsOn(hour, "2026-11-24").at(-1)).toBe("2026-11-24T16:00:00-05:00");
    expect(slotProblem(hour, at("2026-11-24T16:00:00-05:00"))).toBeNull();
    expect(slotProblem(hour, at("2026-11-24T16:15:00-05:00"))).toBe("outside_hours");
  });

  it("lets a buffer run past closing, but not the appointment", () => {
    expect(startsOn(input({ durationMinutes: 30, bufferMinutes: 15 }), "2026-11-24").at(-1)).toBe("2026-11-24T16:30:00-05:00");
  });

  it("refuses a held booking's time and its buffer, and any start whose appointment or buffer would overlap it", () => {
    // A booking 10:00–10:30 with a 15-minute buffer holds 10:00–10:45.
    const held = [interval("2026-11-24T10:00:00-05:00", "2026-11-24T10:45:00-05:00")];
    const morning = (bufferMinutes: number) => startsOn(input({ held, bufferMinutes }), "2026-11-24").filter((iso) => iso < "2026-11-24T11:00");
    expect(morning(0)).toEqual(["2026-11-24T09:00:00-05:00", "2026-11-24T09:15:00-05:00", "2026-11-24T09:30:00-05:00", "2026-11-24T10:45:00-05:00"]);
    expect(morning(15)).toEqual(["2026-11-24T09:00:00-05:00", "2026-11-24T09:15:00-05:00", "2026-11-24T10:45:00-05:00"]);
    expect(slotProblem(input({ held }), at("2026-11-24T10:15:00-05:00"))).toBe("taken");
    expect(slotProblem(input({ held, durationMinutes: 60 }), at("2026-11-24T09:30:00-05:00"))).toBe("taken");
  });

  it("treats a connected calendar's busy block as taken", () => {
    const busy = [interval("2026-11-24T18:00:00Z", "2026-11-24T19:00:00Z")];
    const afternoon = startsOn(input({ busy }), "2026-11-24").filter((iso) => iso >= "2026-11-24T12:30" && iso < "2026-11-24T14:30");
    expect(afternoon).toEqual(["2026-11-24T12:30:00-05:00", "2026-11-24T14:00:00-05:00", "2026-11-24T14:15:00-05:00"]);
  });

  it("keeps the notice: at 09:00 with two hours' notice, the first slot is 11:00", () => {
    const availability = input({ now: at("2026-11-24T09:00:00-05:00"), minNoticeMinutes: 120 });
    expect(freeSlots(availability, { limit: 1 }).map((slot) => isoInZone(NY, slot.start))).toEqual(["2026-11-24T11:00:00-05:00"]);
    expect(slotProblem(availability, at("2026-11-24T10:45:00-05:00"))).toBe("notice");
    expect(slotProblem(availability, at("2026-11-24T08:00:00-05:00"))).toBe("past");
  });

  it("offers the date at the horizon and nothing after it", () => {
    // Monday 2026-11-23 + 30 days: Wednesday 2026-12-23 is the last bookable date.
    const availability = input();
    const slots = freeSlots(availability);
    expect(isoInZone(NY, slots.at(-1)!.start)).toBe("2026-12-23T16:30:00-05:00");
    expect(slotProblem(availability, at("2026-12-23T16:30:00-05:00"))).toBeNull();
    expect(slotProblem(availability, at("2026-12-24T09:00:00-05:00"))).toBe("horizon");
  });

  it("skips closed dates and weekends, and refuses a closed date by name", () => {
    const availability = input({ closedDates: ["2026-11-26"] });
    expect(startsOn(availability, "2026-11-26")).toEqual([]);
    expect(startsOn(availability, "2026-11-28")).toEqual([]);
    expect(slotProblem(availability, at("2026-11-26T10:00:00-05:00"))).toBe("closed_date");
    expect(slotProblem(availability, at("2026-11-28T10:00:00-05:00"))).toBe("outside_hours");
  });

  it("refuses a start off the step grid", () => {
    expect(slotProblem(input(), at("2026-11-24T10:05:00-05:00"))).toBe("outside_hours");
  });

  it("searches within a window and stops at a limit", () => {
    const slots = freeSlots(input(), { from: at("2026-11-25T00:00:00-05:00"), to: at("2026-11-26T00:00:00-05:00") });
    expect(slots).toHaveLength(31);
    expect(isoInZone(NY, slots[0]!.start)).toBe("2026-11-25T09:00:00-05:00");
    expect(freeSlots(input(), { limit: 5 })).toHaveLength(5);
  });
});
