import { describe, expect, it } from "vitest";
import { appointmentsCalendar } from "../../worker/src/appointments/ics";
import type { AppointmentRow } from "../../worker/src/appointments/store";
import { readFeed, unescapeText } from "./ics-lines";

const at = new Date("2026-12-01T15:00:00Z");
const row = (values: Partial<AppointmentRow>) =>
  ({
    id: "a1",
    serviceName: "Appointment",
    name: "Ada",
    phone: "+14155550100",
    confirmationCode: "ABC123",
    notes: null,
    source: "dashboard",
    status: "booked",
    startAt: at,
    endAt: new Date(at.getTime() + 30 * 60_000),
    createdAt: at,
    updatedAt: at,
    ...values,
  }) as AppointmentRow;
const feedOf = (...rows: AppointmentRow[]) => appointmentsCalendar({ name: "Plumbing", timeZone: "America/New_York", host: "nikki.test", appointments: rows });
/** The product's feed of one event, its SUMMARY line replaced by `lines` as a careless writer would put them. */
const tampered = (lines: string) => feedOf(row({})).replace("SUMMARY:Appointment: Ada", lines);

describe("item 23's reading of the calendar feed", () => {
  it("reads the product's feed of hostile names and notes as clean, with each text intact", () => {
    const notes = `x\r\nATTENDEE:evil; a, b \\ c\n${"é".repeat(120)}`;
    const reading = readFeed(feedOf(row({ name: "END:VEVENT;x,y", notes }), row({ id: "a2", name: "🙂".repeat(50) })));
    expect(reading).toMatchObject({ controlChars: 0, injectedProperties: 0, longLines: 0, unclosed: false });
    expect(reading.events).toHaveLength(2);
    expect(unescapeText(reading.events[0]!.properties.get("SUMMARY")!)).toBe("Appointment: END:VEVENT;x,y");
    expect(unescapeText(reading.events[0]!.properties.get("DESCRIPTION")!)).toContain(`Notes: x\nATTENDEE:evil; a, b \\ c\n${"é".repeat(120)}`);
    expect(unescapeText(reading.events[1]!.properties.get("SUMMARY")!)).toBe(`Appointment: ${"🙂".repeat(50)}`);
  });

  it.each([
    ["a property after CRLF", "SUMMARY:x\r\nATTENDEE:evil", { injectedProperties: 1, controlChars: 0 }],
    ["a property after a bare CR", "SUMMARY:x\rATTENDEE:evil", { injectedProperties: 1, controlChars: 1 }],
    ["a property after a bare LF", "SUMMARY:x\nATTENDEE:evil", { injectedProperties: 1, controlChars: 1 }],
    ["a second SUMMARY", "SUMMARY:x\r\nSUMMARY:y", { injectedProperties: 1 }],
    ["a line that is no property", "SUMMARY:x\r\nevil", { injectedProperties: 1 }],
    ["an alarm inside the event", "SUMMARY:x\r\nBEGIN:VALARM\r\nEND:VALARM", { injectedProperties: 1 }],
    ["the event ended and another begun", "SUMMARY:x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:evil", { injectedProperties: 2 }],
    ["a bell character", "SUMMARY:x\u0007y", { injectedProperties: 0, controlChars: 1 }],
    ["a C1 control and a line separator", "SUMMARY:x\u0085y\u2028z", { controlChars: 2 }],
    ["a tab inside a value", "SUMMARY:x\ty", { controlChars: 1 }],
    ["a line over 75 octets", `SUMMARY:${"x".repeat(80)}`, { injectedProperties: 0, longLines: 1 }],
  ])("counts %s", (_, lines, counts) => {
    expect(readFeed(tampered(lines))).toMatchObject(counts);
  });

  it("takes a folded line's continuation as part of it, and a feed cut short as unclosed", () => {
    expect(readFeed(tampered("SUMMARY:x\r\n ATTENDEE:not a property"))).toMatchObject({ injectedProperties: 0, controlChars: 0 });
    expect(readFeed(feedOf(row({})).replace("END:VCALENDAR\r\n", ""))).toMatchObject({ unclosed: true });
  });
});
