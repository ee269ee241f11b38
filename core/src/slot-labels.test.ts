import { describe, expect, it } from "vitest";
import { resolveLocalDate } from "./relative-dates";
import { clockLabel, dateLabel, labelLanguageOf, partOfDay, slotLabel, spanLabel, timeLabel } from "./slot-labels";
import { isoInZone, parseInstant, zonedInstant } from "./zoned-time";

describe("read-back labels in the business's time zone", () => {
  it.each([
    ["2026-12-01T20:00:00Z", "America/New_York", "en", "Tuesday, December 1 at 3:00 PM"],
    ["2026-12-01T20:00:00Z", "America/New_York", "es", "martes 1 de diciembre a las 15:00"],
    ["2026-12-01T14:00:00Z", "Europe/Madrid", "es", "martes 1 de diciembre a las 15:00"],
    ["2026-12-01T14:00:00Z", "Europe/Madrid", "en", "Tuesday, December 1 at 3:00 PM"],
    ["2026-07-13T04:05:00Z", "America/New_York", "en", "Monday, July 13 at 12:05 AM"],
    ["2026-07-13T16:30:00Z", "America/New_York", "en", "Monday, July 13 at 12:30 PM"],
    ["2026-07-13T05:15:00Z", "America/New_York", "es", "lunes 13 de julio a la 1:15"],
    ["2026-11-28T14:00:00Z", "America/New_York", "es", "sábado 28 de noviembre a las 9:00"],
    // The same instant is Tuesday evening in New York and Wednesday morning in Madrid.
    ["2026-12-02T03:00:00Z", "America/New_York", "en", "Tuesday, December 1 at 10:00 PM"],
    ["2026-12-02T03:00:00Z", "Europe/Madrid", "en", "Wednesday, December 2 at 4:00 AM"],
  ] as const)("%s in %s (%s) → %s", (instant, zone, language, label) => {
    expect(slotLabel(new Date(instant), zone, language)).toBe(label);
  });

  it("labels a time of day alone", () => {
    expect(timeLabel(new Date("2026-12-01T20:00:00Z"), "America/New_York")).toBe("3:00 PM");
    expect(timeLabel(new Date("2026-12-01T20:00:00Z"), "America/New_York", "es")).toBe("15:00");
  });

  it("labels a date alone, and picks the language from the agent's", () => {
    expect(dateLabel("2026-12-01")).toBe("Tuesday, December 1");
    expect(dateLabel("2026-12-01", "es")).toBe("martes 1 de diciembre");
    expect([labelLanguageOf("es-ES"), labelLanguageOf("en-US"), labelLanguageOf("fr-FR"), labelLanguageOf(null)]).toEqual(["es", "en", "en", "en"]);
  });

  it("tells the part of the day in the zone", () => {
    expect(["2026-12-01T14:00:00Z", "2026-12-01T18:00:00Z", "2026-12-01T23:00:00Z"].map((iso) => partOfDay(new Date(iso), "America/New_York"))).toEqual([
      "morning",
      "afternoon",
      "evening",
    ]);
  });
});

describe("instants and offsets", () => {
  it("writes ISO with the zone's offset, summer and winter", () => {
    expect(isoInZone("America/New_York", new Date("2026-12-01T20:00:00Z"))).toBe("2026-12-01T15:00:00-05:00");
    expect(isoInZone("Europe/Madrid", new Date("2026-07-01T08:00:00Z"))).toBe("2026-07-01T10:00:00+02:00");
    expect(isoInZone("Asia/Kathmandu", new Date("2026-07-01T08:00:00Z"))).toBe("2026-07-01T13:45:00+05:45");
  });

  it("moves a time skipped by spring forward ahead by the gap, and takes a repeated time's first occurrence", () => {
    expect(zonedInstant("America/New_York", "2026-03-08", 150).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("America/New_York", "2026-11-01", 90).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedInstant("Europe/Madrid", "2026-03-29", 150).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedInstant("Europe/Madrid", "2026-10-25", 150).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it.each([
    ["2026-12-01T15:00:00-05:00", "2026-12-01T20:00:00.000Z"],
    ["2026-12-01T20:00:00Z", "2026-12-01T20:00:00.000Z"],
    ["2026-12-01T15:00", "2026-12-01T20:00:00.000Z"],
    ["2026-07-01T15:00:00", "2026-07-01T19:00:00.000Z"],
    ["2026-02-30T15:00", null],
    ["tomorrow at 3", null],
    ["2026-12-01T25:00", null],
  ])("reads %s as %s (a time without offset in New York)", (text, expected) => {
    expect(parseInstant(text, "America/New_York")?.toISOString() ?? null).toBe(expected);
  });
});

describe("relative dates resolved in the business's time zone", () => {
  // Monday 2026-11-23 at 23:30 in New York is already Tuesday 2026-11-24 in UTC and in Madrid.
  const lateMonday = new Date("2026-11-24T04:30:00Z");
  it.each([
    ["today", "America/New_York", "2026-11-23"],
    ["tomorrow", "America/New_York", "2026-11-24"],
    ["Tomorrow", "Europe/Madrid", "2026-11-25"],
    ["mañana", "America/New_York", "2026-11-24"],
    ["pasado mañana", "America/New_York", "2026-11-25"],
    ["the day after tomorrow", "America/New_York", "2026-11-25"],
    ["hoy", "Europe/Madrid", "2026-11-24"],
    ["Tuesday", "America/New_York", "2026-11-24"],
    ["next Tuesday", "America/New_York", "2026-11-24"],
    ["this monday", "America/New_York", "2026-11-23"],
    ["next Monday", "America/New_York", "2026-11-30"],
    ["next Tuesday", "Europe/Madrid", "2026-12-01"],
    ["el martes", "Europe/Madrid", "2026-11-24"],
    ["el próximo martes", "Europe/Madrid", "2026-12-01"],
    ["el viernes que viene", "America/New_York", "2026-11-27"],
    ["on Friday", "America/New_York", "2026-11-27"],
    ["in 3 days", "America/New_York", "2026-11-26"],
    ["December 1", "America/New_York", "2026-12-01"],
    ["1 de diciembre", "America/New_York", "2026-12-01"],
    ["November 2nd", "America/New_York", "2027-11-02"],
    ["2026-12-03", "America/New_York", "2026-12-03"],
    ["2026-02-30", "America/New_York", null],
    ["sometime soon", "America/New_York", null],
  ])("%s in %s → %s", (text, zone, expected) => {
    expect(resolveLocalDate(text, zone, lateMonday)).toBe(expected);
  });
});

describe("clockLabel and spanLabel: hours as the dashboard shows every time", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["09:00", "9:00 AM"],
    ["12:00", "12:00 PM"],
    ["17:30", "5:30 PM"],
    ["23:59", "11:59 PM"],
  ])("%s → %s", (hhmm, label) => expect(clockLabel(hhmm)).toBe(label));

  it("writes a span with an en dash, in Spanish as 24-hour", () => {
    expect(spanLabel({ open: "09:00", close: "17:00" })).toBe("9:00 AM–5:00 PM");
    expect(spanLabel({ open: "09:00", close: "17:00" }, "es")).toBe("9:00–17:00");
  });
});
