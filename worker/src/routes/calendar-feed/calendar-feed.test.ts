import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../test/accounts";
import { type BookingOrganization, book, bookingOrganization, localStart } from "../../../test/booking";

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
