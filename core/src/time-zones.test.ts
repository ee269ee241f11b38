import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { TIME_ZONE_MESSAGE, isIanaTimeZone, timeZoneChoices, timeZoneField } from "./time-zones";

describe("a business's time zone", () => {
  it.each(["America/Chicago", "Europe/London", "America/Argentina/Buenos_Aires", "America/Port-au-Prince", "Etc/GMT+5", "UTC"])("accepts %s", (zone) => {
    expect(isIanaTimeZone(zone)).toBe(true);
  });

  it.each(["EST", "CST6CDT", "+05:00", "GMT+5", "Mars/Olympus_Mons", "America/Chicago; drop table", "", "America/"])("refuses %j", (zone) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });

  it("keeps a zone in Intl's spelling and answers the field's message for a wrong one", () => {
    expect(z.safeParse(timeZoneField(), " america/chicago ").data).toBe("America/Chicago");
    expect(z.safeParse(timeZoneField(), "EST").error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
  });

  it("offers every zone Intl knows, UTC and the current one among them, sorted", () => {
    const choices = timeZoneChoices("Asia/Kolkata");
    expect(choices).toEqual(expect.arrayContaining(["America/Chicago", "Europe/London", "UTC", "Asia/Kolkata"]));
    expect(choices.length).toBeGreaterThan(300);
    expect([...choices].sort((a, b) => a.localeCompare(b))).toEqual(choices);
  });
});

describe("current IANA names: shown and stored, the old ones still accepted", () => {
  it.each([
    ["Asia/Calcutta", "Asia/Kolkata"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["europe/kiev", "Europe/Kyiv"],
    ["Europe/Kyiv", "Europe/Kyiv"],
    ["America/Godthab", "America/Nuuk"],
    ["America/Chicago", "America/Chicago"],
  ])("%s is kept as %s", (typed, stored) => {
    expect(z.parse(timeZoneField(), typed)).toBe(stored);
  });

  it("lists the current names, never the outdated ones", () => {
    const choices = timeZoneChoices("Europe/Kiev");
    expect(choices).toEqual(expect.arrayContaining(["Asia/Kolkata", "Europe/Kyiv", "America/Nuuk"]));
    for (const old of ["Asia/Calcutta", "Europe/Kiev", "America/Godthab"]) expect(choices).not.toContain(old);
    expect(new Set(choices).size).toBe(choices.length);
  });
});
