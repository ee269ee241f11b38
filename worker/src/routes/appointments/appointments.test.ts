import { APPOINTMENT_MESSAGES, type AppointmentResource, type SlotResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../test/accounts";
import { type BookingOrganization, ZONE, book, bookingOrganization, localStart, twilioMessages } from "../../../test/booking";

const patch = (org: BookingOrganization, id: string, body: unknown) => call(`/api/appointments/${id}`, { method: "PATCH", cookie: org.owner.cookie, body });
const appointmentOf = async (response: Response) => ((await response.json()) as { appointment: AppointmentResource }).appointment;
const who = { name: "Ada Lovelace", phone: "(415) 555-2671" };

let org: BookingOrganization;
beforeAll(async () => {
  org = await bookingOrganization("Agenda Plumbing");
});

describe("POST /api/appointments", () => {
  it("books a free time and answers the appointment in the business's time zone", async () => {
    const start = localStart(3, "10:00");
    const response = await book(org.owner, { service_id: org.serviceId, start, ...who, notes: "Leaky tap" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { appointment: AppointmentResource; text: string | null };
    // This organization has no number to text from: the answer says so, so the dashboard does not claim a text.
    expect(body.text).toBe("no_sender");
    const { appointment } = body;
    expect(appointment).toEqual({
      id: expect.any(String),
      service_id: org.serviceId,
      service_name: "Appointment",
      agent_id: org.agentId,
      call_id: null,
      name: "Ada Lovelace",
      phone: "+14155552671",
      notes: "Leaky tap",
      start,
      end: localStart(3, "10:30"),
      time_zone: ZONE,
      status: "booked",
      source: "dashboard",
      confirmation_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
      calendar_copies: [],
      created_at: expect.any(String),
    });
    const audit = await env.DB.prepare("select action, target from audit_log where organization_id = ? and action = 'appointment_created'")
      .bind(org.owner.organizationId)
      .all();
    expect(audit.results).toContainEqual({ action: "appointment_created", target: appointment.id });
  });

  it.each([
    ["after closing", () => localStart(4, "20:00"), "That time is outside opening hours, or not one of the offered start times."],
    ["running past closing", () => localStart(4, "19:45"), "That time is outside opening hours, or not one of the offered start times."],
    ["off the 15-minute grid", () => localStart(4, "10:05"), "That time is outside opening hours, or not one of the offered start times."],
    ["in the past", () => localStart(-1, "10:00"), "That time has already passed."],
    ["beyond the 30-day horizon", () => localStart(31, "10:00"), "That time is too far ahead: bookings open 30 days in advance."],
  ])("refuses a time %s with 400 naming start", async (_case, start, message) => {
    const response = await book(org.owner, { service_id: org.serviceId, start: start(), ...who });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "validation_failed", message: "Please check the highlighted fields.", fields: { start: message } },
    });
  });

  it("refuses a start without an offset, and another organization's service", async () => {
    const naive = await book(org.owner, { service_id: org.serviceId, start: localStart(4, "10:00").slice(0, 19), ...who });
    expect(((await naive.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ start: APPOINTMENT_MESSAGES.start });
    const other = await bookingOrganization("Other Agenda Co");
    const foreign = await book(org.owner, { service_id: other.serviceId, start: localStart(4, "10:00"), ...who });
    expect(((await foreign.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ service_id: APPOINTMENT_MESSAGES.service });
  });

  it("refuses an overlapping time of another length with 409 slot_taken and free alternatives", async () => {
    const hour = (await (
      await call("/api/services", { cookie: org.owner.cookie, body: { name: "Boiler service", duration_minutes: 60, buffer_minutes: 15 } })
    ).json()) as {
      service: { id: string };
    };
    expect((await book(org.owner, { service_id: hour.service.id, start: localStart(5, "10:00"), ...who })).status).toBe(201);
    // Held 10:00–11:15 (an hour and its buffer): a 30-minute appointment at 10:30 or at 11:00 overlaps it, 11:15 does not.
    for (const start of [localStart(5, "10:30"), localStart(5, "11:00"), localStart(5, "09:45")]) {
      const taken = await book(org.owner, { service_id: org.serviceId, start, ...who });
      expect(taken.status).toBe(409);
      const { error } = (await taken.json()) as { error: { code: string; message: string; alternatives: SlotResource[] } };
      expect(error.code).toBe("slot_taken");
      expect(error.message).toBe(APPOINTMENT_MESSAGES.slotTaken);
      expect(error.alternatives.length).toBeGreaterThan(0);
      for (const alternative of error.alternatives) {
        expect(alternative.label).toMatch(/^\w+day, \w+ \d{1,2} at \d{1,2}:\d\d [AP]M$/);
        expect(
          new Date(alternative.end).getTime() <= new Date(localStart(5, "10:00")).getTime() || new Date(alternative.start) >= new Date(localStart(5, "11:15")),
        ).toBe(true);
      }
    }
    expect((await book(org.owner, { service_id: org.serviceId, start: localStart(5, "11:15"), ...who })).status).toBe(201);
    expect((await book(org.owner, { service_id: org.serviceId, start: localStart(5, "09:30"), ...who })).status).toBe(201);
  });
});

describe("PATCH /api/appointments/:id", () => {
  it("moves a booking, freeing its old time, and refuses a taken one", async () => {
    const first = await appointmentOf(await book(org.owner, { service_id: org.serviceId, start: localStart(6, "09:00"), ...who }));
    const second = await appointmentOf(await book(org.owner, { service_id: org.serviceId, start: localStart(6, "12:00"), ...who }));
    const moved = await patch(org, first.id, { start: localStart(6, "09:15") });
    expect(moved.status).toBe(200);
    expect(await appointmentOf(moved)).toMatchObject({
      id: first.id,
      start: localStart(6, "09:15"),
      end: localStart(6, "09:45"),
      confirmation_code: first.confirmation_code,
    });
    const clash = await patch(org, first.id, { start: localStart(6, "12:15") });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: { code: string } }).error.code).toBe("slot_taken");
    expect((await book(org.owner, { service_id: org.serviceId, start: localStart(6, "09:45"), ...who })).status).toBe(201);
    expect(second.status).toBe("booked");
  });

  it("cancels, frees the time, and refuses to move a canceled booking", async () => {
    const booked = await appointmentOf(await book(org.owner, { service_id: org.serviceId, start: localStart(7, "15:00"), ...who }));
    const canceled = await patch(org, booked.id, { status: "canceled" });
    expect(await appointmentOf(canceled)).toMatchObject({ id: booked.id, status: "canceled" });
    expect((await book(org.owner, { service_id: org.serviceId, start: localStart(7, "15:00"), ...who })).status).toBe(201);
    const again = await patch(org, booked.id, { start: localStart(7, "16:00") });
    expect(again.status).toBe(409);
    expect((await patch(org, booked.id, { status: "booked" })).status).toBe(400);
    expect((await patch(org, crypto.randomUUID(), { status: "canceled" })).status).toBe(404);
  });
});

describe("GET /api/appointments", () => {
  it("lists soonest first with filters and a cursor", async () => {
    const listing = await bookingOrganization("Long Agenda Co");
    const rows = Array.from({ length: 53 }, (_, index) => index);
    for (const index of rows) {
      const start = new Date(localStart(2, "08:00")).getTime() + index * 15 * 60_000;
      await env.DB.prepare(
        "insert into appointments (id, organization_id, service_name, name, phone, start_at, end_at, busy_until, time_zone, status, source, confirmation_code, manage_token_hash) values (?, ?, 'Appointment', ?, '+14155550100', ?, ?, ?, ?, ?, 'dashboard', ?, ?)",
      )
        .bind(
          crypto.randomUUID(),
          listing.owner.organizationId,
          `Person ${index}`,
          start,
          start + 900_000,
          start + 900_000,
          ZONE,
          index % 2 ? "canceled" : "booked",
          `C${String(index).padStart(5, "0")}`,
          crypto.randomUUID(),
        )
        .run();
    }
    const page = async (query: string) =>
      (await (await call(`/api/appointments${query}`, { cookie: listing.owner.cookie })).json()) as {
        appointments: AppointmentResource[];
        next_cursor: string | null;
      };
    const first = await page("");
    expect(first.appointments).toHaveLength(50);
    expect(first.appointments.map((a) => a.name).slice(0, 3)).toEqual(["Person 0", "Person 1", "Person 2"]);
    const second = await page(`?cursor=${first.next_cursor}`);
    expect(second.appointments.map((a) => a.name)).toEqual(["Person 50", "Person 51", "Person 52"]);
    expect(second.next_cursor).toBeNull();
    expect((await page("?status=canceled")).appointments.every((a) => a.status === "canceled")).toBe(true);
    const window = await page(`?from=${encodeURIComponent(localStart(2, "09:00"))}&to=${encodeURIComponent(localStart(2, "10:00"))}`);
    expect(window.appointments.map((a) => a.start)).toEqual([localStart(2, "09:00"), localStart(2, "09:15"), localStart(2, "09:30"), localStart(2, "09:45")]);
    expect((await page(`?agent_id=${crypto.randomUUID()}`)).appointments).toEqual([]);
    expect((await page(`?service_id=${crypto.randomUUID()}`)).appointments).toEqual([]);
    expect((await call("/api/appointments?cursor=%%%", { cookie: listing.owner.cookie })).status).toBe(400);
  });
});

describe("GET /api/appointments?service_id", () => {
  it("lists one service's bookings only", async () => {
    const filtering = await bookingOrganization("Service Filter Co");
    const created = await call("/api/services", { cookie: filtering.owner.cookie, body: { name: "Consultation", duration_minutes: 60 } });
    const consultation = ((await created.json()) as { service: { id: string } }).service.id;
    await book(filtering.owner, { service_id: filtering.serviceId, start: localStart(2, "09:00"), ...who });
    await book(filtering.owner, { service_id: consultation, start: localStart(2, "11:00"), name: "Grace Hopper", phone: who.phone });
    const list = async (serviceId: string) =>
      ((await (await call(`/api/appointments?service_id=${serviceId}`, { cookie: filtering.owner.cookie })).json()) as { appointments: AppointmentResource[] })
        .appointments;
    expect((await list(consultation)).map((a) => [a.name, a.service_name])).toEqual([["Grace Hopper", "Consultation"]]);
    expect((await list(filtering.serviceId)).map((a) => [a.name, a.service_name])).toEqual([["Ada Lovelace", "Appointment"]]);
  });
});

describe("GET /api/appointments/availability", () => {
  it("offers the free slots of a day within hours, without the booked ones", async () => {
    const day = localStart(8, "00:00").slice(0, 10);
    await book(org.owner, { service_id: org.serviceId, start: localStart(8, "08:30"), ...who });
    const response = await call(`/api/appointments/availability?service_id=${org.serviceId}&from=${day}&to=${localStart(9, "00:00").slice(0, 10)}`, {
      cookie: org.owner.cookie,
    });
    const { slots } = (await response.json()) as { slots: SlotResource[] };
    expect(slots.slice(0, 3).map((slot) => slot.start)).toEqual([localStart(8, "08:00"), localStart(8, "09:00"), localStart(8, "09:15")]);
    expect(slots.at(-1)).toEqual({ start: localStart(8, "19:30"), end: localStart(8, "20:00"), label: expect.stringMatching(/ at 7:30 PM$/) });
    expect(slots).toHaveLength(44);
  });
});

describe("texts to the booked person", () => {
  it("confirms with the label, the business and the manage link, and tells of a cancellation once", async () => {
    const texting = await bookingOrganization("Texting Plumbing", { number: true });
    const phone = "+14155550166";
    const answer = (await (
      await book(texting.owner, { service_id: texting.serviceId, start: localStart(3, "14:00"), name: "Grace Hopper", phone })
    ).json()) as { appointment: AppointmentResource; text: string | null };
    expect(answer.text).toBe("sent");
    const booked = answer.appointment;
    const sent = (await twilioMessages()).filter((message) => message.form.To === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.Body).toMatch(
      new RegExp(
        `^Texting Plumbing: your appointment is booked for \\w+day, \\w+ \\d+ at 2:00 PM \\w+ Time\\. Code ${booked.confirmation_code}\\. Change or cancel: https://nikki\\.test/a/[\\w-]{43} Reply STOP to opt out\\.$`,
      ),
    );
    expect(((await (await patch(texting, booked.id, { status: "canceled" })).json()) as { text: string | null }).text).toBe("sent");
    // Canceling again changes nothing and texts no one.
    expect(((await (await patch(texting, booked.id, { status: "canceled" })).json()) as { text: string | null }).text).toBeNull();
    const after = (await twilioMessages()).filter((message) => message.form.To === phone);
    expect(after).toHaveLength(2);
    expect(after[1]!.form.Body).toMatch(/^Texting Plumbing: your appointment on \w+day, \w+ \d+ at 2:00 PM \w+ Time is canceled\. Call us to book again\.$/);
  });
});
