import { GOOGLE_CALENDAR_SCOPES } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { syncCalendars } from "../src/appointments/calendar-sync";
import { type BookingOrganization, bookingOrganization, insertAppointment, localStart, twilioMessages } from "./booking";
import {
  CALCOM,
  GOOGLE,
  book,
  calendarServices as services,
  change,
  changesOf,
  connectCalcom,
  connectGoogle,
  control,
  freeStarts,
  integrationOf,
  log,
  mailsTo,
  request,
} from "./calendar-accounts";
import { runToolOn } from "./tool-call";

/**
 * Calendars the business already uses (issue 35 §7), against the Google (OIDC + Calendar API v3) and Cal.com (API v2)
 * simulators: each one alone, and both together, where every booking, move and cancellation reaches each of them.
 * The simulators are shared by every test file: each test books its own days, and a fault is set only on paths the
 * other files do not use.
 */
const copiesIn = (appointmentId: string) =>
  env.DB.prepare("select provider, state, event_id, last_error from appointment_calendar_copies where appointment_id = ? order by provider")
    .bind(appointmentId)
    .all()
    .then((result) => result.results);
const alertedAt = (org: BookingOrganization, provider: string) =>
  env.DB.prepare("select alerted_at from integrations where organization_id = ? and provider = ?").bind(org.owner.organizationId, provider).first("alerted_at");
const eventIdIn = (appointment: { calendar_copies: { provider: string; event_id: string | null }[] }, provider: string) =>
  appointment.calendar_copies.find((copy) => copy.provider === provider)?.event_id ?? null;

let google: BookingOrganization;
beforeAll(async () => {
  google = await bookingOrganization("Google Plumbing", { number: true });
});

describe("Google Calendar", () => {
  it("connects with consent for both calendar scopes and offline access; the refresh token is sealed, the badge Verified", async () => {
    const partial = await bookingOrganization("Half Consent Co");
    expect(await connectGoogle(partial, [GOOGLE_CALENDAR_SCOPES[0]])).toBe("/dashboard/integrations?calendar=scopes");
    expect(await env.DB.prepare("select count(*) as n from integrations where organization_id = ?").bind(partial.owner.organizationId).first("n")).toBe(0);

    expect(await connectGoogle(google)).toBe("/dashboard/integrations?calendar=connected");
    // The card names the Google account connected (its e-mail, from Google's userinfo).
    expect(await integrationOf(google.owner, "google_calendar")).toMatchObject({
      badge: "Verified",
      hint: "Connected as grace.hopper@example.com (primary calendar)",
      copies: { last_copied_at: null, pending: 0, failing: 0 },
    });
    const sealed = await env.DB.prepare("select credentials_encrypted from integrations where organization_id = ? and provider = 'google_calendar'")
      .bind(google.owner.organizationId)
      .first<string>("credentials_encrypted");
    expect(sealed).toMatch(/^v2\./);
    // Google's refresh token ("1//" and 43 base64url characters) is nowhere in the clear: the sealed value is base64
    // ciphertext, in which "1//" alone may occur by chance, but not the token standing on its own.
    expect(sealed).not.toMatch(/(^|[^A-Za-z0-9+/])1\/\/[\w-]{43}/);
    const tested = await request(google.owner, "/api/integrations/google_calendar/test", "POST", {});
    expect(await tested.json()).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Connected to Google Calendar: \d+ busy blocks? in the next 7 days\.$/),
    });
    expect((await request(google.owner, "/api/integrations/google_calendar", "PUT", { credentials: { refresh_token: "x" } })).status).toBe(400);
  });

  it("never offers its busy times, and writes each booking there with the caller's details", async () => {
    await control(GOOGLE, "/__busy", { start: localStart(3, "10:00"), end: localStart(3, "11:00"), summary: "Dentist" });
    const free = await freeStarts(google, 3);
    expect(free).not.toContain(localStart(3, "10:00"));
    expect(free).not.toContain(localStart(3, "09:45"));
    expect(free).toContain(localStart(3, "11:00"));
    const booked = await book(google, localStart(3, "11:00"));
    expect(booked.calendar_copies).toEqual([{ provider: "google_calendar", state: "synced", event_id: expect.stringMatching(/^[0-9a-f]{26}$/) }]);
    const events = (await (await fetch(`${GOOGLE}/__events`)).json()) as { id: string; summary: string; description: string; start: { dateTime: string } }[];
    const copy = events.find((event) => event.id === eventIdIn(booked, "google_calendar"))!;
    expect(copy.summary).toBe("Appointment: Ada Lovelace");
    expect(copy.description).toContain("Phone: +14155550180");
    expect(new Date(copy.start.dateTime).toISOString()).toBe(new Date(localStart(3, "11:00")).toISOString());
    // Its own copy is busy in Google too, but it is not a conflict with itself: the booking can still move by 15 minutes.
    await change(google, booked.id, { start: localStart(3, "11:15") });
    const card = await integrationOf(google.owner, "google_calendar");
    expect(card.copies).toEqual({ last_copied_at: expect.any(String), pending: 0, failing: 0 });
    expect(Date.now() - new Date(card.copies!.last_copied_at!).getTime()).toBeLessThan(60_000);
  });

  it("shows one deleted there as canceled here at the next sync, and texts the caller once", async () => {
    const phone = "+14155550181";
    const booked = await book(google, localStart(4, "14:00"), "Grace Hopper", phone);
    await control(GOOGLE, "/__delete", { id: eventIdIn(booked, "google_calendar") });
    expect((await syncCalendars(services(), log)).canceled).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(booked.id).first("status")).toBe("canceled");
    await syncCalendars(services(), log);
    const texts = (await twilioMessages()).filter((message) => message.form.To === phone);
    expect(texts.map((message) => /is canceled\./.test(message.form.Body ?? ""))).toEqual([false, true]);
  });

  it("holds bookings while Google is down, tells the owner once, and copies them when it is back", async () => {
    await control(GOOGLE, "/__faults", { path: "*", count: 100, status: 503 });
    const first = await book(google, localStart(5, "09:00"));
    const second = await book(google, localStart(5, "10:00"));
    await control(GOOGLE, "/__faults", undefined, "DELETE");
    expect([first.calendar_copies, second.calendar_copies]).toEqual([0, 1].map(() => [{ provider: "google_calendar", state: "pending", event_id: null }]));
    expect((await copiesIn(first.id))[0]).toMatchObject({ last_error: "Google Calendar: Backend Error (503)" });
    expect(await mailsTo(google.owner, "Google Calendar could not be reached")).toBe(1);
    expect((await integrationOf(google.owner, "google_calendar")).copies).toMatchObject({ pending: 2, failing: 2 });
    expect((await syncCalendars(services(), log)).synced).toBeGreaterThanOrEqual(2);
    for (const { id } of [first, second])
      expect(await copiesIn(id)).toEqual([expect.objectContaining({ state: "synced", event_id: expect.any(String), last_error: null })]);
    expect(await alertedAt(google, "google_calendar")).toBeNull();
  });
});

describe("Cal.com", () => {
  it("verifies the key, names its event type, keeps its bookings busy, books with the caller and service, and follows a cancellation made there", async () => {
    const org = await bookingOrganization("Cal Plumbing", { number: true });
    expect(await connectCalcom(org)).toMatchObject({
      success: true,
      message: expect.stringMatching(
        /^Connected to Cal\.com: bookings are copied to your “30 Min Meeting” event type, \d+ free slots? on it in the next 7 days\.$/,
      ),
    });
    await control(CALCOM, "/__bookings", { start: localStart(6, "10:00"), minutes: 30 });
    const free = await freeStarts(org, 6);
    expect(free).not.toContain(localStart(6, "10:00"));
    expect(free).toContain(localStart(6, "10:30"));
    const booked = await book(org, localStart(6, "10:30"), "Alan Turing", "+14155550182");
    const uid = eventIdIn(booked, "calcom");
    const there = (
      (await (await fetch(`${CALCOM}/__bookings`)).json()) as {
        uid: string;
        title: string;
        description: string;
        attendees: { name: string; phoneNumber?: string }[];
        metadata: Record<string, string>;
      }[]
    ).find((entry) => entry.uid === uid);
    expect(there).toMatchObject({ attendees: [{ name: "Alan Turing", phoneNumber: "+14155550182" }], metadata: { nikki_appointment_id: booked.id } });
    // Titled by Cal.com from the event type, with the caller in it; the service, phone and code in its notes.
    expect(there?.title).toBe("30 Min Meeting between Business and Alan Turing");
    expect(there?.description).toBe(
      `${booked.service_name}: Alan Turing\nPhone: +14155550182\nConfirmation code: ${booked.confirmation_code}\nBooked with Nikki AI`,
    );
    await control(CALCOM, "/__cancel", { uid });
    await syncCalendars(services(), log);
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(booked.id).first("status")).toBe("canceled");
  });
});

describe("Google Calendar and Cal.com together", () => {
  let both: BookingOrganization;
  const iso = (day: number, time: string) => new Date(localStart(day, time)).toISOString();
  const byPhone = async (start: string, name: string, phone: string) => {
    const { output } = await runToolOn(both, services(), log, "book_appointment", { name, phone, start }, { caller: phone });
    expect(output.ok).toBe(true);
    return String(output.appointment_id);
  };

  beforeAll(async () => {
    both = await bookingOrganization("Both Calendars Plumbing", { number: true });
    expect(await connectGoogle(both)).toBe("/dashboard/integrations?calendar=connected");
    expect(await connectCalcom(both)).toMatchObject({ success: true });
  });

  it("copies a phone booking, a hand booking, a move and a cancellation to both", async () => {
    const phoned = await byPhone(localStart(8, "09:00"), "Ada Lovelace", "+14155550183");
    expect(await changesOf(phoned)).toEqual({ google: [["created", iso(8, "09:00")]], calcom: [["created", iso(8, "09:00")]] });
    const booked = await book(both, localStart(8, "11:00"), "Grace Hopper", "+14155550184");
    expect(booked.calendar_copies.map((copy) => [copy.provider, copy.state])).toEqual([
      ["calcom", "synced"],
      ["google_calendar", "synced"],
    ]);
    await change(both, booked.id, { start: localStart(8, "14:00") });
    await change(both, booked.id, { status: "canceled" });
    const everyChange = [
      ["created", iso(8, "11:00")],
      ["removed", iso(8, "11:00")],
      ["created", iso(8, "14:00")],
      ["removed", iso(8, "14:00")],
    ];
    expect(await changesOf(booked.id)).toEqual({ google: everyChange, calcom: everyChange });
  });

  it("offers no time either calendar holds", async () => {
    await control(GOOGLE, "/__busy", { start: localStart(9, "10:00"), end: localStart(9, "11:00"), summary: "Supplier" });
    await control(CALCOM, "/__bookings", { start: localStart(9, "13:00"), minutes: 30 });
    const free = await freeStarts(both, 9);
    for (const taken of ["10:00", "10:30", "13:00"]) expect(free).not.toContain(localStart(9, taken));
    for (const open of ["11:00", "12:30", "13:30"]) expect(free).toContain(localStart(9, open));
    const { output } = await runToolOn(both, services(), log, "book_appointment", {
      name: "Alan Turing",
      phone: "+14155550185",
      start: localStart(9, "13:00"),
    });
    expect(output).toMatchObject({ ok: false, alternatives: expect.any(Array) });
  });

  it("keeps copying to Google while Cal.com fails, holds Cal.com's copies, tells the owner once, and makes them when it answers", async () => {
    // Every Cal.com booking request fails (its busy times too); Test Connection's /v2/slots, which other files use, does not.
    await control(CALCOM, "/__faults", { path: "/v2/bookings*", count: 1000, status: 503 });
    const phoned = await byPhone(localStart(10, "09:00"), "Ada Lovelace", "+14155550186");
    const moved = await book(both, localStart(10, "11:00"), "Grace Hopper", "+14155550187");
    await change(both, moved.id, { start: localStart(10, "12:00") });
    const canceled = await book(both, localStart(10, "15:00"), "Alan Turing", "+14155550188");
    const answered = await change(both, canceled.id, { status: "canceled" });
    await control(CALCOM, "/__faults", undefined, "DELETE");

    expect(answered.calendar_copies.map((copy) => [copy.provider, copy.state])).toEqual([
      ["calcom", "synced"],
      ["google_calendar", "synced"],
    ]);
    expect(await changesOf(phoned)).toEqual({ google: [["created", iso(10, "09:00")]], calcom: [] });
    expect(await changesOf(moved.id)).toEqual({
      google: [
        ["created", iso(10, "11:00")],
        ["removed", iso(10, "11:00")],
        ["created", iso(10, "12:00")],
      ],
      calcom: [],
    });
    expect((await copiesIn(moved.id)).map((copy) => [copy.provider, copy.state, copy.last_error])).toEqual([
      ["calcom", "pending", "Cal.com: Internal server error (503)"],
      ["google_calendar", "synced", null],
    ]);
    expect(await mailsTo(both.owner, "Cal.com could not be reached")).toBe(1);
    expect(await mailsTo(both.owner, "Google Calendar could not be reached")).toBe(0);
    expect((await integrationOf(both.owner, "calcom")).copies).toMatchObject({ pending: 2 });
    expect((await integrationOf(both.owner, "google_calendar")).copies).toMatchObject({ pending: 0 });

    expect((await syncCalendars(services(), log)).synced).toBeGreaterThanOrEqual(2);
    expect((await changesOf(phoned)).calcom).toEqual([["created", iso(10, "09:00")]]);
    // Only where the booking is now: the time it was moved from never reached Cal.com; the canceled one never will.
    expect((await changesOf(moved.id)).calcom).toEqual([["created", iso(10, "12:00")]]);
    expect((await changesOf(canceled.id)).calcom).toEqual([]);
    expect((await copiesIn(moved.id)).map((copy) => copy.state)).toEqual(["synced", "synced"]);
    expect((await integrationOf(both.owner, "calcom")).copies).toMatchObject({ pending: 0 });
    expect(await alertedAt(both, "calcom")).toBeNull();
  });

  it("cancels here, and in the other calendar, a booking the business deleted in one", async () => {
    const booked = await book(both, localStart(11, "10:00"), "Grace Hopper", "+14155550189");
    await control(CALCOM, "/__cancel", { uid: eventIdIn(booked, "calcom") });
    await syncCalendars(services(), log);
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(booked.id).first("status")).toBe("canceled");
    expect((await changesOf(booked.id)).google).toEqual([
      ["created", iso(11, "10:00")],
      ["removed", iso(11, "10:00")],
    ]);
    // Nothing is left to do in either: Cal.com's copy is gone there already, Google's was removed.
    expect((await copiesIn(booked.id)).map((copy) => [copy.provider, copy.state, copy.event_id])).toEqual([
      ["calcom", "synced", null],
      ["google_calendar", "synced", null],
    ]);
    expect((await changesOf(booked.id)).calcom).toEqual([["created", iso(11, "10:00")]]);
  });
});

describe("A calendar connected after bookings were made", () => {
  const iso = (day: number, time: string) => new Date(localStart(day, time)).toISOString();
  const created = (day: number, time: string) => [["created", iso(day, time)]];

  it("gets every upcoming booking at once, keeps them while it cannot be reached, and never twice on connecting again", async () => {
    const org = await bookingOrganization("Booked Before Plumbing", { number: true });
    const { output } = await runToolOn(org, services(), log, "book_appointment", {
      name: "Ada Lovelace",
      phone: "+14155550190",
      start: localStart(12, "09:00"),
    });
    expect(output.ok).toBe(true);
    const phoned = String(output.appointment_id);
    const booked = await book(org, localStart(12, "11:00"), "Grace Hopper", "+14155550191");
    expect(booked.calendar_copies).toEqual([]);
    const canceled = await book(org, localStart(12, "13:00"), "Alan Turing", "+14155550192");
    await change(org, canceled.id, { status: "canceled" });
    const past = await insertAppointment(org.owner.organizationId, { start: localStart(-1, "10:00") });

    // Cal.com takes no bookings for now (its Test Connection, on /v2/slots, still passes): its copies wait.
    await control(CALCOM, "/__faults", { path: "/v2/bookings*", count: 1000, status: 503 });
    expect(await connectCalcom(org)).toMatchObject({ success: true });
    // Tried once: after its first refusal the rest wait for the sync, as they do there.
    expect((await integrationOf(org.owner, "calcom")).copies).toEqual({ last_copied_at: null, pending: 2, failing: 1 });
    expect(await mailsTo(org.owner, "Cal.com could not be reached")).toBe(1);
    // Google gets both upcoming bookings as it is connected, before any sync.
    expect(await connectGoogle(org)).toBe("/dashboard/integrations?calendar=connected");
    await control(CALCOM, "/__faults", undefined, "DELETE");
    expect(await changesOf(phoned)).toEqual({ google: created(12, "09:00"), calcom: [] });
    expect(await changesOf(booked.id)).toEqual({ google: created(12, "11:00"), calcom: [] });
    expect((await integrationOf(org.owner, "google_calendar")).copies).toEqual({ last_copied_at: expect.any(String), pending: 0, failing: 0 });
    for (const id of [phoned, booked.id])
      expect((await copiesIn(id)).map((copy) => [copy.provider, copy.state])).toEqual([
        ["calcom", "pending"],
        ["google_calendar", "synced"],
      ]);

    // The sync makes Cal.com's once it answers.
    await syncCalendars(services(), log);
    expect(await changesOf(phoned)).toEqual({ google: created(12, "09:00"), calcom: created(12, "09:00") });
    expect((await integrationOf(org.owner, "calcom")).copies).toEqual({ last_copied_at: expect.any(String), pending: 0, failing: 0 });

    // Connecting both again, and the next sync, copy nothing twice; the canceled and the past booking never go.
    expect(await connectGoogle(org)).toBe("/dashboard/integrations?calendar=connected");
    expect(await connectCalcom(org)).toMatchObject({ success: true });
    await syncCalendars(services(), log);
    expect(await changesOf(phoned)).toEqual({ google: created(12, "09:00"), calcom: created(12, "09:00") });
    expect(await changesOf(booked.id)).toEqual({ google: created(12, "11:00"), calcom: created(12, "11:00") });
    for (const id of [canceled.id, past]) expect(await changesOf(id)).toEqual({ google: [], calcom: [] });
  });

  it("copies at the next sync a booking its calendar has no copy of (one connected before connecting copied them)", async () => {
    const org = await bookingOrganization("Connected Long Ago Plumbing");
    expect(await connectCalcom(org)).toMatchObject({ success: true });
    // Written straight to the table: no copy is marked, as for a calendar connected before connecting marked them.
    const id = await insertAppointment(org.owner.organizationId, { start: localStart(13, "10:00") });
    expect(await copiesIn(id)).toEqual([]);
    await syncCalendars(services(), log);
    expect(await changesOf(id)).toEqual({ google: [], calcom: created(13, "10:00") });
    expect(await copiesIn(id)).toEqual([expect.objectContaining({ provider: "calcom", state: "synced", last_error: null })]);
  });
});
