import { describe, expect, it } from "vitest";
import { timesIn } from "./business-time";

describe("timesIn", () => {
  const at = "2026-11-24T14:05:00Z";

  it("shows a moment in the business's zone, labelled with it", () => {
    expect(timesIn("America/New_York").dateTime(at)).toBe("Nov 24, 2026, 9:05 AM EST");
    expect(timesIn("America/Los_Angeles").dateTime(at)).toBe("Nov 24, 2026, 6:05 AM PST");
    expect(timesIn("Europe/Madrid").dateTime(at)).toBe("Nov 24, 2026, 3:05 PM GMT+1");
  });

  it("takes the day in the business's zone, not the viewer's", () => {
    expect(timesIn("Pacific/Auckland").date("2026-11-24T13:00:00Z")).toBe("Nov 25, 2026");
    expect(timesIn("America/New_York").date("2026-11-24T03:00:00Z")).toBe("Nov 23, 2026");
  });

  it("names the zone as the e-mails do, never by its IANA name", () => {
    expect(timesIn("America/Denver").zoneName).toBe("Mountain Time");
    expect(timesIn("America/New_York").zoneName).toBe("Eastern Time");
  });

  it("shows nothing while the zone is not known yet (rather than the viewer's own)", () => {
    const unknown = timesIn(undefined);
    expect(unknown.zoneName).toBe("");
    expect(unknown.dateTime(at)).toBe("");
    expect(unknown.date(at)).toBe("");
  });
});
