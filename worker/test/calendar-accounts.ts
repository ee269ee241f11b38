import { type AppointmentResource, GOOGLE_CALENDAR_SCOPES, GOOGLE_CONNECT_SCOPES, type IntegrationResource, type SlotResource } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import type { ReceivedChange } from "@nikki/simulators/received";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { createApp } from "../src/app";
import { createLogger } from "../src/logger";
import { liveServices } from "../src/services";
import type { SignedUp } from "./accounts";
import { type BookingOrganization, localStart } from "./booking";
import { BASE } from "./post-json";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";

/**
 * A business's own calendars in tests, against the Google (OIDC + Calendar API v3) and Cal.com (API v2) simulators.
 * Google sign-in is configured only here, so these requests go to an app on bindings that name it.
 */
export const OIDC = `http://127.0.0.1:${SIMULATED.oidcPort}`;
export const GOOGLE = `http://127.0.0.1:${SIMULATED.googleCalendarPort}`;
export const CALCOM = `http://127.0.0.1:${SIMULATED.calcomPort}`;
const bindings = {
  ...env,
  GOOGLE_CLIENT_ID: SIMULATED.googleClientId,
  GOOGLE_CLIENT_SECRET: SIMULATED.googleClientSecret,
  GOOGLE_DISCOVERY_URL: `${OIDC}/.well-known/openid-configuration`,
  MAIL_API_KEY: SIMULATED.mailApiKey,
  MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}`,
};
const app = createApp(liveServices);
export const calendarServices = () => testServices(bindings);
export const log = createLogger({ test: "calendars" }, "error");

/** A request to the app; the work it leaves running after its answer (waitUntil) is done before this returns. */
export async function request(who: SignedUp, path: string, method = "GET", body?: unknown) {
  const context = createExecutionContext();
  const response = await app.request(
    `${BASE}${path}`,
    {
      method,
      headers: { origin: BASE, cookie: who.cookie, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: "manual",
    },
    bindings,
    context,
  );
  await waitOnExecutionContext(context);
  return response;
}

/** A simulator's test control. */
export const control = (base: string, path: string, body?: unknown, method = "POST") =>
  fetch(`${base}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

/** Books by hand (`POST /api/appointments`). */
export async function book(org: BookingOrganization, start: string, name = "Ada Lovelace", phone = "+14155550180"): Promise<AppointmentResource> {
  const response = await request(org.owner, "/api/appointments", "POST", { service_id: org.serviceId, start, name, phone });
  expect(response.status).toBe(201);
  return ((await response.json()) as { appointment: AppointmentResource }).appointment;
}

/** Moves (`{start}`) or cancels (`{status: "canceled"}`) by hand. */
export async function change(org: BookingOrganization, id: string, patch: { start: string } | { status: "canceled" }): Promise<AppointmentResource> {
  const response = await request(org.owner, `/api/appointments/${id}`, "PATCH", patch);
  expect(response.status).toBe(200);
  return ((await response.json()) as { appointment: AppointmentResource }).appointment;
}

export async function freeStarts(org: BookingOrganization, day: number) {
  const from = localStart(day, "00:00").slice(0, 10);
  const to = localStart(day + 1, "00:00").slice(0, 10);
  const response = await request(org.owner, `/api/appointments/availability?from=${from}&to=${to}`);
  return ((await response.json()) as { slots: SlotResource[] }).slots.map((slot) => slot.start);
}

/** Consent as a person would give it on Google's page: both calendar scopes ticked unless told otherwise. */
export async function connectGoogle(org: BookingOrganization, grant: readonly string[] = GOOGLE_CALENDAR_SCOPES): Promise<string> {
  const started = await request(org.owner, "/api/integrations/google_calendar/connect", "POST", {});
  const { authorization_url } = (await started.json()) as { authorization_url: string };
  const consent = new URL(authorization_url);
  expect(consent.origin + consent.pathname).toBe(`${OIDC}/authorize`);
  expect(Object.fromEntries(consent.searchParams)).toMatchObject({
    client_id: SIMULATED.googleClientId,
    redirect_uri: `${BASE}/api/integrations/google_calendar/callback`,
    response_type: "code",
    scope: GOOGLE_CONNECT_SCOPES.join(" "),
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

/** Saves the business's Cal.com key and event type, and tests it (a calendar is used once verified). */
export async function connectCalcom(org: BookingOrganization): Promise<unknown> {
  expect((await request(org.owner, "/api/integrations/calcom", "PUT", { credentials: OWN.calcom })).status).toBe(200);
  return (await request(org.owner, "/api/integrations/calcom/test", "POST", {})).json();
}

/** What each calendar was asked to do with one appointment's copy, in order: `[action, start]`. */
export async function changesOf(appointmentId: string): Promise<Record<"google" | "calcom", [ReceivedChange["action"], string][]>> {
  const of = async (base: string) =>
    ((await (await fetch(`${base}/__received`)).json()) as ReceivedChange[])
      .filter((change) => change.appointment_id === appointmentId)
      .map((change): [ReceivedChange["action"], string] => [change.action, new Date(change.start).toISOString()]);
  return { google: await of(GOOGLE), calcom: await of(CALCOM) };
}

export async function integrationOf(who: SignedUp, provider: IntegrationResource["provider"]): Promise<IntegrationResource> {
  const { integrations } = (await (await request(who, "/api/integrations")).json()) as { integrations: IntegrationResource[] };
  return integrations.find((entry) => entry.provider === provider)!;
}

/** The emails the owner got with this subject (the mail API's requests, kept by the CRM simulator). */
export const mailsTo = async (who: SignedUp, subject: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; body: { to: string[]; subject: string } }[]).filter(
    (entry) => entry.path === "/emails" && entry.body.to.includes(who.email) && entry.body.subject === subject,
  ).length;
