import { dateLabel } from "@nikki/core";
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../test/accounts";
import { type BookingOrganization, book, bookingOrganization, insertAppointment, localStart, twilioMessages } from "../../../test/booking";
import { testServices } from "../../../test/services";
import { manageToken } from "../../appointments/manage-link";
import { sendAppointmentReminders } from "../../jobs/appointment-reminders";

let org: BookingOrganization;
let ip = 0;
/** A visitor: each request from an address of its own, so the per-address limit is tested on its own. */
const visit = (path: string, address = `10.9.0.${++ip}`) => call(path, { headers: { "cf-connecting-ip": address } });

/** A form the page posts, as a browser sends it. */
function post(path: string, form: Record<string, string>) {
  return SELF.fetch(`https://nikki.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": `10.9.1.${++ip}` },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

const linkOf = async (id: string) => `/a/${await manageToken(env.AUTH_SECRET!, id)}`;

beforeAll(async () => {
  org = await bookingOrganization("Manage Plumbing", { number: true });
});

describe("the manage page /a/{token}", () => {
  it("is the link the confirmation texts, and shows the booking with free times to move to", async () => {
    const phone = "+14155550171";
    const response = await book(org.owner, { service_id: org.serviceId, start: localStart(3, "10:00"), name: "Ada Lovelace", phone });
    const { appointment } = (await response.json()) as { appointment: { id: string; confirmation_code: string } };
    const text = (await twilioMessages()).find((message) => message.form.To === phone)!;
    const link = /https:\/\/nikki\.test(\/a\/[\w-]{43})/.exec(text.form.Body!)![1]!;
    expect(link).toBe(await linkOf(appointment.id));
    const page = await visit(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("Manage Plumbing");
    expect(html).toContain(appointment.confirmation_code);
    // Every time says its zone: the booking's, and the free times'.
    expect(html).toMatch(/\w+day, \w+ \d+ at 10:00 AM Eastern Time/);
    expect(html).toContain("All times are Eastern Time.");
    // A day first: the next days with free times (a week of them), each a link to its times; no time until one is chosen.
    const date = localStart(3, "00:00").slice(0, 10);
    expect(html).toContain("Choose a day");
    expect(html.match(/<ul class="days">(.*?)<\/ul>/)![1]!.match(/<li>/g)).toHaveLength(7);
    expect(html).toContain(`<a class="button" href="${link}?day=${date}#times">${dateLabel(date)}</a>`);
    expect(html).toContain("Later days");
    expect(html).not.toContain("?move=");
    expect(html).not.toContain("/reschedule");
    // Cancel comes before the times, never below them.
    expect(html.indexOf("Cancel this appointment")).toBeLessThan(html.indexOf("Choose a day"));
    // The chosen day's times, from the same availability, each a link to the page that asks, named with its day; its
    // own time is not one of them.
    const day = await (await visit(`${link}?day=${date}`)).text();
    expect(day).toContain(`aria-current="true">${dateLabel(date)}</a>`);
    expect(day).toContain(`<h3 id="times">Free times on ${dateLabel(date)}</h3>`);
    expect(day).toContain(
      `<a class="button" href="${link}?move=${encodeURIComponent(localStart(3, "10:30"))}" aria-label="${dateLabel(date)} at 10:30 AM">10:30 AM</a>`,
    );
    expect(day).not.toContain(`?move=${encodeURIComponent(localStart(3, "10:00"))}"`);
    expect(day.indexOf("Cancel this appointment")).toBeLessThan(day.indexOf("?move="));
    // Later days start where the week shown ends.
    const later = /href="([^"]+)">Later days</.exec(html)![1]!.replaceAll("&#38;", "&");
    const next = await (await visit(later)).text();
    expect(next.match(/<ul class="days">(.*?)<\/ul>/)![1]).not.toContain(`?day=${date}`);
  });

  it("asks before it moves: the time picked is named with its zone, and only the answer's form moves it", async () => {
    const id = await insertAppointment(org.owner.organizationId, { start: localStart(4, "09:00"), name: "Mary Jackson" });
    const link = await linkOf(id);
    const to = localStart(4, "13:00");
    const ask = await (await visit(`${link}?move=${encodeURIComponent(to)}`)).text();
    expect(ask).toMatch(/<h2>Move to \w+day, \w+ \d+ at 1:00 PM Eastern Time\?<\/h2>/);
    expect(ask).toContain(
      `<form method="post" action="${link}/reschedule"><input type="hidden" name="start" value="${to}"><button class="primary" type="submit">Yes, move it</button>`,
    );
    expect(ask).toContain(`<a class="button" href="${link}">No, keep it</a>`);
    // Asking changes nothing; a made-up time is no question.
    expect(await env.DB.prepare("select start_at from appointments where id = ?").bind(id).first("start_at")).toBe(new Date(localStart(4, "09:00")).getTime());
    expect(await (await visit(`${link}?move=someday`)).text()).toContain("Choose a new time");
  });

  it("moves the booking to a chosen time, texts the new time, and says so", async () => {
    const id = (await (
      await book(org.owner, { service_id: org.serviceId, start: localStart(4, "11:00"), name: "Grace Hopper", phone: "+14155550172" })
    ).json()) as {
      appointment: { id: string };
    };
    const link = await linkOf(id.appointment.id);
    const moved = await post(`${link}/reschedule`, { start: localStart(4, "15:30") });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${link}?done=moved`);
    const row = await env.DB.prepare("select start_at, status from appointments where id = ?")
      .bind(id.appointment.id)
      .first<{ start_at: number; status: string }>();
    expect(row).toEqual({ start_at: new Date(localStart(4, "15:30")).getTime(), status: "booked" });
    const texts = (await twilioMessages()).filter((message) => message.form.To === "+14155550172");
    expect(texts.at(-1)?.form.Body).toMatch(/^Manage Plumbing: your appointment is moved to \w+day, \w+ \d+ at 3:30 PM \w+ Time\./);
    expect(await (await visit(`${link}?done=moved`)).text()).toMatch(/Done: your appointment is now \w+day, \w+ \d+ at 3:30 PM Eastern Time\./);
  });

  it("refuses a taken or made-up time on the page, changing nothing", async () => {
    await insertAppointment(org.owner.organizationId, { start: localStart(5, "09:00") });
    const mine = await insertAppointment(org.owner.organizationId, { start: localStart(5, "12:00") });
    const link = await linkOf(mine);
    for (const start of [localStart(5, "09:00"), localStart(5, "21:00"), "soon"]) {
      const refused = await post(`${link}/reschedule`, { start });
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain("That time was just taken. Please choose another.");
    }
    expect(await env.DB.prepare("select start_at from appointments where id = ?").bind(mine).first("start_at")).toBe(
      new Date(localStart(5, "12:00")).getTime(),
    );
  });

  it("asks before canceling, cancels, and then shows the booking as canceled with the business's number to book again", async () => {
    const id = await insertAppointment(org.owner.organizationId, { start: localStart(6, "09:00"), name: "Alan Turing" });
    const link = await linkOf(id);
    expect(await (await visit(`${link}?confirm=cancel`)).text()).toContain("Cancel it? This cannot be undone.");
    const canceled = await post(`${link}/cancel`, {});
    expect(canceled.status).toBe(303);
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(id).first("status")).toBe("canceled");
    const html = await (await visit(`${link}?done=canceled`)).text();
    expect(html).toContain("Done: your appointment is canceled.");
    expect(html).toContain("This appointment is canceled.");
    expect(html).not.toContain("/reschedule");
    expect(html).not.toContain("?move=");
    const number = await env.DB.prepare("select twilio_number from phone_numbers where organization_id = ?")
      .bind(org.owner.organizationId)
      .first<string>("twilio_number");
    const readable = `+1 ${number!.slice(2, 5)}-${number!.slice(5, 8)}-${number!.slice(8)}`;
    expect(html).toContain("<h2>Book again</h2><p>Call Manage Plumbing to book a new time.</p>");
    expect(html).toContain(`<a class="button" href="tel:${number}">Call ${readable}</a>`);
  });

  it("offers the business's own link to book again, and says whom to contact when it has neither a number nor a link", async () => {
    const linked = await bookingOrganization("Linked Dental");
    await call("/api/org/settings", { method: "PATCH", cookie: linked.owner.cookie, body: { contact_url: "https://linked.example/book" } });
    const withLink = await insertAppointment(linked.owner.organizationId, { start: localStart(3, "09:00"), status: "canceled" });
    const html = await (await visit(await linkOf(withLink))).text();
    expect(html).toContain("<p>Book a new time with Linked Dental online.</p>");
    expect(html).toContain('<a class="button" href="https://linked.example/book" rel="noopener noreferrer">Book online</a>');
    expect(html).not.toContain("tel:");

    const bare = await bookingOrganization("Bare Dental");
    const without = await insertAppointment(bare.owner.organizationId, { start: localStart(3, "09:00"), status: "canceled" });
    const plain = await (await visit(await linkOf(without))).text();
    expect(plain).toContain("<p>Contact Bare Dental to book a new time.</p>");
    expect(plain).not.toContain('class="actions"');
  });

  it("answers a bad, unknown or expired link with a clear page", async () => {
    const past = await insertAppointment(org.owner.organizationId, { start: localStart(-1, "09:00") });
    for (const path of ["/a/nonsense", `/a/${"x".repeat(43)}`, await linkOf(past)]) {
      const response = await visit(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("This link does not work");
      expect(html).toContain("Este enlace de la cita no es válido o ha caducado.");
    }
  });

  it("is written in the agent's language", async () => {
    const spanish = await bookingOrganization("Fontanería Gestión", { language: "es-ES" });
    const booked = (await (
      await book(spanish.owner, { service_id: spanish.serviceId, start: localStart(3, "15:00"), name: "Lucía Fernández", phone: "+14155550173" })
    ).json()) as {
      appointment: { id: string };
    };
    const link = await linkOf(booked.appointment.id);
    const html = await (await visit(link)).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/\w+ \d+ de \w+ a las 15:00 \(hora oriental\)/);
    expect(html).toContain("Elija otra hora");
    expect(html).toContain("Todas las horas se indican en hora oriental.");
    const to = localStart(3, "17:00");
    expect(await (await visit(`${link}?move=${encodeURIComponent(to)}`)).text()).toMatch(/¿Pasarla al \w+ \d+ de \w+ a las 17:00 \(hora oriental\)\?/);
    await post(`${link}/cancel`, {});
    const canceled = await (await visit(link)).text();
    expect(canceled).toContain("<h2>Reservar de nuevo</h2><p>Póngase en contacto con Fontanería Gestión para reservar otra hora.</p>");
  });

  it("is rate-limited per address with a page, not an error envelope", async () => {
    const id = await insertAppointment(org.owner.organizationId, { start: localStart(7, "09:00") });
    const link = await linkOf(id);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await visit(`/a/nonsense${i}`, "10.77.0.1")).status);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const refused = await visit(link, "10.77.0.1");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many requests from your connection.");
    expect((await visit(link)).status).toBe(200);
  });
});

describe("the reminder, 24 hours before", () => {
  it("texts once, only bookings made more than a day ahead, never canceled ones", async () => {
    const services = testServices();
    const dayAgo = Date.now() - 2 * 86_400_000;
    const due = await insertAppointment(org.owner.organizationId, { start: new Date(Date.now() + 23 * 3_600_000).toISOString(), name: "Due Person" });
    const early = await insertAppointment(org.owner.organizationId, { start: new Date(Date.now() + 30 * 3_600_000).toISOString(), name: "Early Person" });
    await insertAppointment(org.owner.organizationId, { start: new Date(Date.now() + 20 * 3_600_000).toISOString(), name: "Recent Person" });
    const canceled = await insertAppointment(org.owner.organizationId, { start: new Date(Date.now() + 22 * 3_600_000).toISOString(), status: "canceled" });
    for (const id of [due, early, canceled]) await env.DB.prepare("update appointments set created_at = ? where id = ?").bind(dayAgo, id).run();
    const before = (await twilioMessages()).length;
    expect(await sendAppointmentReminders(services)).toBe(1);
    expect(await sendAppointmentReminders(services)).toBe(0);
    const sent = (await twilioMessages()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.Body).toMatch(
      new RegExp(
        `^Reminder from Manage Plumbing: your appointment is \\w+day, \\w+ \\d+ at \\d+:\\d\\d [AP]M \\w+ Time\\. Change or cancel: https://nikki\\.test${await linkOf(due)}$`,
      ),
    );
  });
});
