import { zonedSlotLabel } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin } from "../../../test/accounts";
import { type BookingOrganization, ZONE, book, bookingOrganization, localStart } from "../../../test/booking";
import { BASE } from "../../../test/post-json";
import { SIMULATED } from "../../../test/simulators";
import { createApp } from "../../app";
import { liveServices } from "../../services";
import { manageToken } from "../manage-link";

/**
 * The owner's e-mail when the booked person moves or cancels on their manage page, through the real page and the
 * mail API (kept by the CRM simulator). The app runs on bindings that name a mail provider.
 */
const app = createApp(liveServices);
const bindings = { ...env, MAIL_API_KEY: SIMULATED.mailApiKey, MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}` };
let ip = 0;
const send = (path: string, init: RequestInit = {}) =>
  app.request(`${BASE}${path}`, { redirect: "manual", ...init, headers: { origin: BASE, "cf-connecting-ip": `10.8.0.${++ip}`, ...init.headers } }, bindings);
/** The manage page's form, as the browser posts it. */
const submit = (path: string, form: Record<string, string> = {}) =>
  send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });

interface Mail {
  to: string[];
  subject: string;
  text: string;
}
/** The e-mails about one appointment (its confirmation code is in each). */
const mailsAbout = async (code: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; body: Mail }[])
    .filter((request) => request.path === "/emails" && request.body.text?.includes(`Confirmation code: ${code}`))
    .map((request) => request.body);

let org: BookingOrganization;
let viewer: SignedUp;

async function booked(start: string, phone: string) {
  const response = await book(org.owner, { service_id: org.serviceId, start, name: "Ada Lovelace", phone });
  const { appointment } = (await response.json()) as { appointment: { id: string; confirmation_code: string } };
  return { code: appointment.confirmation_code, id: appointment.id, link: `/a/${await manageToken(env.AUTH_SECRET!, appointment.id)}` };
}

beforeAll(async () => {
  org = await bookingOrganization("Alerted Plumbing");
  await inviteAndJoin(org.owner, "admin");
  viewer = await inviteAndJoin(org.owner, "viewer");
  expect((await call("/api/org/members/me/alerts", { cookie: viewer.cookie, method: "PUT", body: { call_alerts: true } })).status).toBe(200);
});

describe("the owner's e-mail about a change on the manage page", () => {
  it("a move e-mails the owner and the members who chose alerts once, with the new and old time; a viewer's masks the person", async () => {
    const { code, link } = await booked(localStart(5, "09:00"), "+14155550301");
    const to = localStart(5, "11:00");
    expect((await submit(`${link}/reschedule`, { start: to })).status).toBe(303);
    const mails = await mailsAbout(code);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([org.owner.email, viewer.email].sort());
    const toOwner = mails.find((mail) => mail.to[0] === org.owner.email)!;
    expect(toOwner.subject).toBe("Appointment moved: Ada Lovelace");
    const now = zonedSlotLabel(new Date(to), ZONE);
    expect(now).toMatch(/^\w+day, \w+ \d+ at 11:00 AM Eastern Time$/);
    expect(toOwner.text).toContain(`Ada Lovelace moved their appointment to ${now}, on the link we texted them.`);
    expect(toOwner.text).toContain(`It was: ${zonedSlotLabel(new Date(localStart(5, "09:00")), ZONE)}`);
    expect(toOwner.text).toContain("Phone: +14155550301");
    expect(toOwner.text).toContain("https://nikki.test/dashboard/appointments");
    const toViewer = mails.find((mail) => mail.to[0] === viewer.email)!;
    expect(toViewer.subject).toBe("Appointment moved: [NAME]");
    expect(toViewer.text).toContain(`[NAME] moved their appointment to ${now}`);
    expect(toViewer.text).not.toMatch(/Ada|Lovelace|555030/);
  });

  it("a cancellation e-mails once, and a second press of the button sends nothing more", async () => {
    const { code, link } = await booked(localStart(5, "14:00"), "+14155550302");
    expect((await submit(`${link}/cancel`)).status).toBe(303);
    expect((await submit(`${link}/cancel`)).status).toBe(303);
    const toOwner = (await mailsAbout(code)).filter((mail) => mail.to[0] === org.owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual(["Appointment canceled: Ada Lovelace"]);
    expect(toOwner[0]!.text).toContain(`Ada Lovelace canceled their appointment on ${zonedSlotLabel(new Date(localStart(5, "14:00")), ZONE)}`);
  });

  it("is not sent for the business's own changes, nor while the alert e-mail is off", async () => {
    const mine = await booked(localStart(6, "09:00"), "+14155550303");
    const moved = await send(`/api/appointments/${mine.id}`, {
      method: "PATCH",
      headers: { cookie: org.owner.cookie, "content-type": "application/json" },
      body: JSON.stringify({ start: localStart(6, "10:00") }),
    });
    expect(moved.status).toBe(200);
    expect(await mailsAbout(mine.code)).toEqual([]);

    const quiet = await booked(localStart(6, "13:00"), "+14155550304");
    expect((await call("/api/org/settings", { cookie: org.owner.cookie, method: "PATCH", body: { alert_email: false } })).status).toBe(200);
    expect((await submit(`${quiet.link}/cancel`)).status).toBe(303);
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(quiet.id).first("status")).toBe("canceled");
    expect(await mailsAbout(quiet.code)).toEqual([]);
  });
});
