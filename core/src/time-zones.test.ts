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
