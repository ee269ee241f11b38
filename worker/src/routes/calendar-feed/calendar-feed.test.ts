import { PLAIN_TEXT_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../test/accounts";
import { type BookingOrganization, book, bookingOrganization, insertAppointment, localStart } from "../../../test/booking";

const feedUrlOf = async (org: BookingOrganization) =>
  ((await (await call("/api/org/settings", { cookie: org.owner.cookie })).json()) as { settings: { calendar_feed_url: string } }).settings.calendar_feed_url;
const fetchFeed = (url: string) => call(new URL(url).pathname);

let org: BookingOrganization;
beforeAll(async () => {
  org = await bookingOrganization('Feed Plumbing, Inc; "Best" in town');
});

describe("the private calendar feed", () => {
  it("is valid iCalendar a real parser reads: every booking an event in UTC, a canceled one CANCELLED", async () => {
    const booked = (await (
      await book(org.owner, {
        service_id: org.serviceId,
        start: localStart(3, "10:00"),
        name: "Zoë O'Brien",
        phone: "+14155550101",
        notes: "Back door, code 1234; ring twice, please\nThanks",
      })
    ).json()) as {
      appointment: { id: string; confirmation_code: string };
    };
    const canceled = (await (
      await book(org.owner, { service_id: org.serviceId, start: localStart(3, "11:00"), name: "Alan Turing", phone: "+14155550102" })
    ).json()) as {
      appointment: { id: string };
    };
    await call(`/api/appointments/${canceled.appointment.id}`, { method: "PATCH", cookie: org.owner.cookie, body: { status: "canceled" } });
    const response = await fetchFeed(await feedUrlOf(org));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    // An X- property is TEXT (RFC 5545 §3.8.8.2), escaped as such; the parser hands unknown properties back as written.
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe('Feed Plumbing\\, Inc\\; "Best" in town appointments');
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(2);
    const first = events.find((event) => event.uid.startsWith(booked.appointment.id))!;
    expect(first.summary).toBe("Appointment: Zoë O'Brien");
    expect(first.description).toContain("Notes: Back door, code 1234; ring twice, please\nThanks");
    expect(first.description).toContain(`Confirmation code: ${booked.appointment.confirmation_code}`);
    expect(first.startDate.toJSDate().toISOString()).toBe(new Date(localStart(3, "10:00")).toISOString());
    expect(first.endDate.toJSDate().toISOString()).toBe(new Date(localStart(3, "10:30")).toISOString());
    expect(first.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    const second = events.find((event) => event.uid.startsWith(canceled.appointment.id))!;
    expect(second.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("rotates: the new link works, the old one answers 404", async () => {
    const before = await feedUrlOf(org);
    const rotated = await call("/api/org/calendar-feed/rotate", { cookie: org.owner.cookie, body: {} });
    const { calendar_feed_url } = (await rotated.json()) as { calendar_feed_url: string };
    expect(calendar_feed_url).toMatch(/^https:\/\/nikki\.test\/api\/calendar\/[\w-]{43}\.ics$/);
    expect(calendar_feed_url).not.toBe(before);
    expect(await feedUrlOf(org)).toBe(calendar_feed_url);
    expect((await fetchFeed(calendar_feed_url)).status).toBe(200);
    expect((await fetchFeed(before)).status).toBe(404);
    expect((await call("/api/calendar/not-a-token.ics")).status).toBe(404);
  });
});

/** The properties the feed writes; a line starting anything else was smuggled in by the text of a field. */
const EMITTED = new Set(
  "BEGIN END VERSION PRODID CALSCALE METHOD X-WR-CALNAME X-WR-TIMEZONE REFRESH-INTERVAL X-PUBLISHED-TTL UID DTSTAMP CREATED LAST-MODIFIED SEQUENCE DTSTART DTEND SUMMARY DESCRIPTION STATUS TRANSP".split(
    " ",
  ),
);

/** The feed's content lines as a lenient reader splits them: at CRLF, a bare CR or a bare LF; a line starting with a space continues the last. */
function lenientLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.startsWith(" ") && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else if (line !== "") lines.push(line);
  }
  return lines;
}

describe("text in the feed", () => {
  const hostile = {
    name: "Eve\rATTENDEE:mailto:eve@example.com\nX-INJECTED:1\u2028LOCATION:Nowhere",
    service: "Clean\u000bing\u0000\rEND:VEVENT\rBEGIN:VEVENT",
    notes: "Gate\r\ncode; 42, left\\right\rSTATUS:CANCELLED\u0085RRULE:FREQ=DAILY\u0007\tend",
  };

  it("keeps every line a property the feed wrote: a bare CR, LF, NEL or U+2028 in a field is escaped, control characters removed", async () => {
    const owner = await bookingOrganization("Hostile Feed Co");
    const id = await insertAppointment(owner.owner.organizationId, { name: hostile.name, start: localStart(4, "09:00") });
    await env.DB.prepare("update appointments set service_name = ?, notes = ? where id = ?").bind(hostile.service, hostile.notes, id).run();
    const text = await (await fetchFeed(await feedUrlOf(owner))).text();

    // Nothing but CRLF line ends, and no other control character, anywhere in the feed.
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    const lines = lenientLines(text);
    for (const line of lines) expect(EMITTED.has(/^[A-Z-]+/.exec(line)?.[0] ?? ""), line).toBe(true);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("STATUS:"))).toEqual(["STATUS:CONFIRMED"]);

    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(event!.summary).toBe("Cleaning\nEND:VEVENT\nBEGIN:VEVENT: Eve\nATTENDEE:mailto:eve@example.com\nX-INJECTED:1\nLOCATION:Nowhere");
    expect(event!.description).toContain("Notes: Gate\ncode; 42, left\\right\nSTATUS:CANCELLED\nRRULE:FREQ=DAILY end");
    expect(event!.component.getAllProperties().map((property) => property.name)).not.toContain("attendee");
  });

  it("is refused where it enters: a name, a service name or notes with control characters is a field error", async () => {
    const refused = await book(org.owner, {
      service_id: org.serviceId,
      start: localStart(5, "10:00"),
      name: hostile.name,
      phone: "+14155550103",
      notes: hostile.notes,
    });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({ name: PLAIN_TEXT_MESSAGES.oneLine, notes: PLAIN_TEXT_MESSAGES.lines });
    const service = await call("/api/services", { cookie: org.owner.cookie, body: { name: hostile.service, duration_minutes: 30 } });
    expect(service.status).toBe(400);
    expect(((await service.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ name: PLAIN_TEXT_MESSAGES.oneLine });
    // Notes typed on lines (LF or CRLF, as a text box sends them) are welcome.
    const lines = await book(org.owner, {
      service_id: org.serviceId,
      start: localStart(5, "11:00"),
      name: "Ada",
      phone: "+14155550104",
      notes: "Back door\r\nRing twice\nThanks",
    });
    expect(lines.status).toBe(201);
  });
});
