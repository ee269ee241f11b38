import { GOOGLE_CALENDAR_SCOPES, type SlotResource } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { syncCalendars } from "../src/appointments/calendar-sync";
import { createLogger } from "../src/logger";
import { liveServices } from "../src/services";
import type { SignedUp } from "./accounts";
import { type BookingOrganization, bookingOrganization, localStart, twilioMessages } from "./booking";
import { BASE } from "./post-json";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";

/**
 * Calendars the business already uses (issue 35 §7), against the Google (OIDC + Calendar API v3) and Cal.com (API v2)
 * simulators. Google sign-in is configured only here, so these requests go to an app on bindings that name it.
 */
const OIDC = `http://127.0.0.1:${SIMULATED.oidcPort}`;
const GOOGLE = `http://127.0.0.1:${SIMULATED.googleCalendarPort}`;
const CALCOM = `http://127.0.0.1:${SIMULATED.calcomPort}`;
const bindings = {
  ...env,
  GOOGLE_CLIENT_ID: SIMULATED.googleClientId,
  GOOGLE_CLIENT_SECRET: SIMULATED.googleClientSecret,
  GOOGLE_DISCOVERY_URL: `${OIDC}/.well-known/openid-configuration`,
  MAIL_API_KEY: SIMULATED.mailApiKey,
  MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}`,
};
const app = createApp(liveServices);
const services = () => testServices(bindings);
const log = createLogger({ test: "calendars" }, "error");

function request(who: SignedUp, path: string, method = "GET", body?: unknown) {
  return app.request(
    `${BASE}${path}`,
    {
      method,
      headers: { origin: BASE, cookie: who.cookie, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: "manual",
    },
    bindings,
  );
}
const control = (base: string, path: string, body?: unknown, method = "POST") =>
  fetch(`${base}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
const book = async (org: BookingOrganization, start: string, name = "Ada Lovelace", phone = "+14155550180") => {
  const response = await request(org.owner, "/api/appointments", "POST", { service_id: org.serviceId, start, name, phone });
  expect(response.status).toBe(201);
  return ((await response.json()) as { appointment: { id: string; calendar_event_id: string | null } }).appointment;
};
const freeStarts = async (org: BookingOrganization, day: number) => {
  const from = localStart(day, "00:00").slice(0, 10);
  const to = localStart(day + 1, "00:00").slice(0, 10);
  const response = await request(org.owner, `/api/appointments/availability?from=${from}&to=${to}`);
  return ((await response.json()) as { slots: SlotResource[] }).slots.map((slot) => slot.start);
};

/** Consent as a person would give it on Google's page: both calendar scopes ticked unless told otherwise. */
async function connectGoogle(org: BookingOrganization, grant: readonly string[] = GOOGLE_CALENDAR_SCOPES): Promise<string> {
  const started = await request(org.owner, "/api/integrations/google_calendar/connect", "POST", {});
  const { authorization_url } = (await started.json()) as { authorization_url: string };
  const consent = new URL(authorization_url);
  expect(consent.origin + consent.pathname).toBe(`${OIDC}/authorize`);
  expect(Object.fromEntries(consent.searchParams)).toMatchObject({
    client_id: SIMULATED.googleClientId,
    redirect_uri: `${BASE}/api/integrations/google_calendar/callback`,
    response_type: "code",
    scope: GOOGLE_CALENDAR_SCOPES.join(" "),
    access_type: "offline",
    prompt: "consent",
  });
  const approve = new URL(`${OIDC}/approve`);
  for (const [key, value] of consent.searchParams) approve.searchParams.set(key, value);
  approve.searchParams.set("consent", "1");
  for (const scope of grant) approve.searchParams.append("grant_scope", scope);
  const back = new URL((await fetch(approve, { redirect: "manual" })).headers.get("location")!);
  const landed = await request(org.owner, back.pathname + back.search);
  expect(landed.status).toBe(302);
  return landed.headers.get("location")!;
}

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
    const { integrations } = (await (await request(google.owner, "/api/integrations")).json()) as { integrations: { provider: string; badge: string }[] };
    expect(integrations.find((entry) => entry.provider === "google_calendar")?.badge).toBe("Verified");
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
    expect(booked.calendar_event_id).toMatch(/^[0-9a-f]{26}$/);
    const events = (await (await fetch(`${GOOGLE}/__events`)).json()) as { id: string; summary: string; description: string; start: { dateTime: string } }[];
    const copy = events.find((event) => event.id === booked.calendar_event_id)!;
    expect(copy.summary).toBe("Appointment: Ada Lovelace");
    expect(copy.description).toContain("Phone: +14155550180");
    expect(new Date(copy.start.dateTime).toISOString()).toBe(new Date(localStart(3, "11:00")).toISOString());
    // Its own copy is busy in Google too, but it is not a conflict with itself: the booking can still move by 15 minutes.
    const moved = await request(google.owner, `/api/appointments/${(booked as { id: string }).id}`, "PATCH", { start: localStart(3, "11:15") });
    expect(moved.status).toBe(200);
  });

  it("shows one deleted there as canceled here at the next sync, and texts the caller once", async () => {
    const phone = "+14155550181";
    const booked = await book(google, localStart(4, "14:00"), "Grace Hopper", phone);
    await control(GOOGLE, "/__delete", { id: booked.calendar_event_id });
    expect((await syncCalendars(services(), log)).canceled).toBeGreaterThanOrEqual(1);
    expect(
      await env.DB.prepare("select status from appointments where id = ?")
        .bind((booked as { id: string }).id)
        .first("status"),
    ).toBe("canceled");
    await syncCalendars(services(), log);
    const texts = (await twilioMessages()).filter((message) => message.form.To === phone);
    expect(texts.map((message) => /is canceled\./.test(message.form.Body ?? ""))).toEqual([false, true]);
  });

  it("holds bookings while Google is down, tells the owner once, and copies them when it is back", async () => {
    const subjects = async () =>
      ((await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; body: { to: string[]; subject: string } }[]).filter(
        (entry) => entry.path === "/emails" && entry.body.to.includes(google.owner.email) && entry.body.subject === "Google Calendar could not be reached",
      ).length;
    await control(GOOGLE, "/__faults", { path: "*", count: 100, status: 503 });
    const first = await book(google, localStart(5, "09:00"));
    const second = await book(google, localStart(5, "10:00"));
    expect([first.calendar_event_id, second.calendar_event_id]).toEqual([null, null]);
    const states = await env.DB.prepare("select calendar_state from appointments where id in (?, ?)")
      .bind((first as { id: string }).id, (second as { id: string }).id)
      .all();
    expect(states.results.map((row) => row.calendar_state)).toEqual(["pending", "pending"]);
    expect(await subjects()).toBe(1);
    await control(GOOGLE, "/__faults", undefined, "DELETE");
    expect((await syncCalendars(services(), log)).synced).toBeGreaterThanOrEqual(2);
    const after = await env.DB.prepare("select calendar_state, calendar_event_id from appointments where id in (?, ?)")
      .bind((first as { id: string }).id, (second as { id: string }).id)
      .all();
    expect(after.results.every((row) => row.calendar_state === "synced" && row.calendar_event_id)).toBe(true);
    expect(
      await env.DB.prepare("select calendar_alerted_at from organization_settings where organization_id = ?")
        .bind(google.owner.organizationId)
        .first("calendar_alerted_at"),
    ).toBeNull();
  });
});

describe("Cal.com", () => {
  it("verifies the key, keeps its bookings busy, books on its event type, and follows a cancellation made there", async () => {
    const org = await bookingOrganization("Cal Plumbing", { number: true });
    expect((await request(org.owner, "/api/integrations/calcom", "PUT", { credentials: OWN.calcom })).status).toBe(200);
    const tested = await request(org.owner, "/api/integrations/calcom/test", "POST", {});
    expect(await tested.json()).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Connected to Cal\.com: \d+ free slots? on the event type in the next 7 days\.$/),
    });
    await control(CALCOM, "/__bookings", { start: localStart(6, "10:00"), minutes: 30 });
    const free = await freeStarts(org, 6);
    expect(free).not.toContain(localStart(6, "10:00"));
    expect(free).toContain(localStart(6, "10:30"));
    const booked = await book(org, localStart(6, "10:30"), "Alan Turing", "+14155550182");
    const there = (
      (await (await fetch(`${CALCOM}/__bookings`)).json()) as {
        uid: string;
        attendees: { name: string; phoneNumber?: string }[];
        metadata: Record<string, string>;
      }[]
    ).find((entry) => entry.uid === booked.calendar_event_id);
    expect(there).toMatchObject({
      attendees: [{ name: "Alan Turing", phoneNumber: "+14155550182" }],
      metadata: { nikki_appointment_id: (booked as { id: string }).id },
    });
    await control(CALCOM, "/__cancel", { uid: booked.calendar_event_id });
    await syncCalendars(services(), log);
    expect(
      await env.DB.prepare("select status from appointments where id = ?")
        .bind((booked as { id: string }).id)
        .first("status"),
    ).toBe("canceled");
  });
});
