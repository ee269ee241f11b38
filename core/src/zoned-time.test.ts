import { describe, expect, it } from "vitest";
import { localParts, offsetMinutes } from "./zoned-time";

const formats = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/** Intl's own answer for an instant, read another way: Swedish wall time (ISO-like) and the zone's `GMT±hh:mm` name. */
function intlReference(timeZone: string, instant: Date) {
  const [wall, zone] = formats.get(timeZone) ?? [
    new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "short" }),
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }),
  ];
  formats.set(timeZone, [wall, zone]);
  const [date, time] = wall.format(instant).split(" ") as [string, string];
  const name = zone.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const [, sign, hours, minutes] = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name) ?? [];
  const offset = sign ? (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0;
  return { offset, date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) };
}

// Whole-hour, half-hour (Lord Howe's 30-minute daylight saving) and quarter-hour (Chatham, Kathmandu) zones, both hemispheres.
const ZONES = ["America/New_York", "Europe/Madrid", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kathmandu", "UTC"];

describe("zoned time read a day at a time", () => {
  it("agrees with Intl on every instant of a year, across each daylight-saving change, to the minute", () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      // Every 47 minutes and 17 seconds, so the instants fall at every minute of the hour over the year.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 47 * 60_000 + 17_000) {
        const instant = new Date(at);
        const expected = intlReference(zone, instant);
        const parts = localParts(zone, instant);
        const got = { offset: offsetMinutes(zone, instant), date: parts.date, minutes: parts.minutes };
        if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${zone} ${instant.toISOString()}: ${JSON.stringify(got)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("agrees with Intl in the minutes either side of New York's and Madrid's changes", () => {
    const changes: [string, number][] = [
      ["America/New_York", Date.UTC(2026, 2, 8, 7)],
      ["America/New_York", Date.UTC(2026, 10, 1, 6)],
      ["Europe/Madrid", Date.UTC(2026, 2, 29, 1)],
      ["Europe/Madrid", Date.UTC(2026, 9, 25, 1)],
    ];
    for (const [zone, change] of changes) {
      for (let at = change - 90 * 60_000; at <= change + 90 * 60_000; at += 60_000) {
        const expected = intlReference(zone, new Date(at));
        expect([offsetMinutes(zone, new Date(at)), localParts(zone, new Date(at)).minutes]).toEqual([expected.offset, expected.minutes]);
      }
    }
  });
});
