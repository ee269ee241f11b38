import { addDays, dateLabel, localParts, zoneName } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type BookingOrganization, ZONE, bookingOrganization, localStart, twilioMessages } from "../../../test/booking";
import { testServices } from "../../../test/services";
import { runToolOn } from "../../../test/tool-call";
import { createLogger } from "../../logger";

const services = testServices();
const log = createLogger({ test: "booking-tools" }, "error");
let org: BookingOrganization;
let spanish: BookingOrganization;

const run = (organization: BookingOrganization, tool: string, args: unknown, options?: { test?: boolean; caller?: string }) =>
  runToolOn(organization, services, log, tool, args, options);

beforeAll(async () => {
  org = await bookingOrganization("Tools Plumbing", { number: true });
  spanish = await bookingOrganization("Fontanería Tools", { number: true, language: "es-ES" });
});

describe("check_availability", () => {
  it("resolves 'tomorrow' in the business's zone, echoes the date, and offers five labelled times within hours", async () => {
    const { output } = await run(org, "check_availability", { date: "tomorrow", part_of_day: "afternoon" });
    const tomorrow = addDays(localParts(ZONE, new Date()).date, 1);
    expect(output).toMatchObject({ ok: true, service: "Appointment", date: tomorrow, date_label: dateLabel(tomorrow) });
    expect(output.slots).toEqual(
      ["12:00", "12:15", "12:30", "12:45", "13:00"].map((time) => ({
        start: localStart(1, time),
        label: expect.stringMatching(/^\w+day, \w+ \d+ at 1[2]?:\d\d PM$/),
      })),
    );
  });

  it("reads its labels in the agent's language and understands the caller's Spanish day", async () => {
    const { output } = await run(spanish, "check_availability", { date: "pasado mañana", part_of_day: "morning" });
    expect(output.date).toBe(addDays(localParts(ZONE, new Date()).date, 2));
    expect((output.slots as { label: string }[])[0]!.label).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d+ de \w+ a las 8:00$/);
  });

  it("offers the free times nearest the time the caller asked for, that time first, and says when it is not free", async () => {
    const at = async (time: string) => (await run(org, "check_availability", { date: "tomorrow", part_of_day: "morning", time })).output;
    const ten = await at("10:00");
    expect((ten.slots as { start: string }[]).map((slot) => slot.start)).toEqual(
      ["10:00", "09:45", "10:15", "09:30", "10:30"].map((time) => localStart(1, time)),
    );
    expect(ten.note).toBeUndefined();
    const between = await at("11:50");
    // Nearest wins over the part of the day said with it: noon is 10 minutes away.
    expect((between.slots as { start: string }[]).map((slot) => slot.start)).toEqual(
      ["11:45", "12:00", "11:30", "12:15", "11:15"].map((time) => localStart(1, time)),
    );
    expect(between.note).toMatch(/^\w+day, \w+ \d+ at 11:50 AM is not free: these are the nearest free times\.$/);
    expect((await at("quarter past")).error).toBe("I could not tell which time that is. Pass the time the caller asked for as HH:MM.");
  });

  it("says when the day asked for is too far ahead, and offers the next free times instead", async () => {
    const { output } = await run(org, "check_availability", { date: addDays(localParts(ZONE, new Date()).date, 45) });
    expect(String(output.note)).toMatch(/is too far ahead: bookings open 30 days in advance\. These are the next free times\.$/);
    expect((output.slots as unknown[]).length).toBe(5);
  });

  it("asks again for a day it cannot tell", async () => {
    expect((await run(org, "check_availability", { date: "whenever suits" })).output).toEqual({
      ok: false,
      error: "I could not tell which day that is. Ask the caller for the day again and pass it as YYYY-MM-DD.",
    });
  });
});

/** Times no call may book, and why (the Test Suite's dry run is held to the same). */
const REFUSED: [string, () => string, string][] = [
  ["past", () => localStart(-1, "11:00"), "That time has already passed."],
  ["outside hours", () => localStart(3, "21:00"), "That time is outside opening hours, or not one of the offered start times."],
  ["too soon for the notice", () => new Date(Date.now() + 30 * 60_000).toISOString(), "That time is too soon: bookings need 2 hours' notice."],
];

const effectsOf = async (callId: string) =>
  (await env.DB.prepare("select kind from test_run_effects where call_id = ?").bind(callId).all()).results.map((effect) => effect.kind);
const bookedFor = (phone: string) => env.DB.prepare("select count(*) as n from appointments where phone = ?").bind(phone).first("n");

describe("book_appointment", () => {
  it("books an offered time, texts the caller, and answers the label and code to read back", async () => {
    const start = localStart(2, "11:00");
    const { output, call } = await run(org, "book_appointment", { name: "Ada Lovelace", phone: "+14155550141", start, notes: "Boiler" });
    expect(output).toMatchObject({
      ok: true,
      start,
      booked_for: expect.stringMatching(/ at 11:00 AM$/),
      confirmation_code: expect.stringMatching(/^[A-Z2-9]{6}$/),
      texted: true,
    });
    const row = await env.DB.prepare("select source, call_id, name from appointments where id = ?").bind(output.appointment_id).first();
    expect(row).toEqual({ source: "call", call_id: call.callId, name: "Ada Lovelace" });
    const text = (await twilioMessages()).findLast((message) => message.form.To === "+14155550141");
    expect(text?.form.Body).toContain(`booked for ${output.booked_for} ${zoneName(ZONE)}. Code ${output.confirmation_code}.`);
  });

  it.each(REFUSED)("never books a time %s: it says why and offers free times", async (_case, start, message) => {
    const { output } = await run(org, "book_appointment", { name: "Ada Lovelace", phone: "+14155550142", start: start() });
    expect(output).toMatchObject({ ok: false, error: `${message} Offer the caller these free times instead.` });
    expect((output.alternatives as unknown[]).length).toBeGreaterThan(0);
  });

  it("refuses a taken time with alternatives", async () => {
    const start = localStart(2, "15:00");
    expect((await run(org, "book_appointment", { name: "First Caller", phone: "+14155550143", start })).output.ok).toBe(true);
    const { output } = await run(org, "book_appointment", { name: "Second Caller", phone: "+14155550144", start });
    expect(output).toMatchObject({ ok: false, error: "That time was just taken. Choose one of the other times. Offer the caller these free times instead." });
  });

  it("on a test call, validates and records the time with its label, and holds no slot", async () => {
    const start = localStart(2, "16:00");
    const offer = await run(org, "check_availability", { date: addDays(localParts(ZONE, new Date()).date, 2) }, { test: true });
    const { output, call } = await run(org, "book_appointment", { name: "Test Caller", phone: "+14155550145", start }, { test: true });
    expect(output).toMatchObject({ ok: true, booked_for: expect.stringMatching(/ at 4:00 PM$/) });
    const effects = await env.DB.prepare("select kind, detail, data from test_run_effects where call_id in (?, ?) order by created_at")
      .bind(offer.call.callId, call.callId)
      .all();
    // The booking, and the confirmation the caller would be texted (a Test Suite call texts no one).
    expect(effects.results.map((effect) => effect.kind)).toEqual(["availability", "booking", "sms"]);
    const { body } = JSON.parse(String(effects.results[2]!.data)) as { body: string };
    expect(body).toMatch(/^Tools Plumbing: your appointment is booked for .+\. Code [A-Z0-9]+\. Change or cancel: /);
    expect(body).toContain(String(output.booked_for));
    expect(String(effects.results[2]!.detail)).toBe(`Would text +14155550145: "${body}"`);
    expect(String(effects.results[1]!.detail)).toBe(
      `Would book Test Caller (+14155550145) for ${output.booked_for}: that time is free and within your hours (a Test Suite call holds no slot).`,
    );
    expect(JSON.parse(String(effects.results[1]!.data))).toEqual({
      start: new Date(start).toISOString(),
      end: new Date(localStart(2, "16:30")).toISOString(),
      label: output.booked_for,
      // What the call's analysis reads as booked (core/booked-summary.ts).
      service: expect.any(String),
      time_zone: ZONE,
    });
    const held = await env.DB.prepare("select count(*) as n from appointments where organization_id = ? and start_at = ?")
      .bind(org.owner.organizationId, new Date(start).getTime())
      .first("n");
    expect(held).toBe(0);
  });
});

describe("book_appointment on a Test Suite call", () => {
  it.each(REFUSED)("refuses a time %s with the words a real call hears, and stores and records nothing", async (_case, start, message) => {
    const phone = "+14155550146";
    const { output, call } = await run(org, "book_appointment", { name: "Test Caller", phone, start: start() }, { test: true });
    expect(output).toMatchObject({ ok: false, error: `${message} Offer the caller these free times instead.` });
    expect((output.alternatives as unknown[]).length).toBeGreaterThan(0);
    expect(await effectsOf(call.callId)).toEqual([]);
    expect(await bookedFor(phone)).toBe(0);
  });

  it("refuses a time a real booking holds, as the real second booking is refused", async () => {
    const start = localStart(6, "12:00");
    expect((await run(org, "book_appointment", { name: "Real Caller", phone: "+14155550147", start })).output.ok).toBe(true);
    const real = (await run(org, "book_appointment", { name: "Second Caller", phone: "+14155550148", start })).output;
    const { output, call } = await run(org, "book_appointment", { name: "Test Caller", phone: "+14155550148", start }, { test: true });
    expect(output).toEqual(real);
    expect(output.ok).toBe(false);
    expect(await effectsOf(call.callId)).toEqual([]);
    expect(await bookedFor("+14155550148")).toBe(0);
  });
});

describe("reschedule_appointment and cancel_appointment", () => {
  it("finds the booking under the calling number, moves it, then cancels it; two bookings need the code", async () => {
    const caller = "+14155550150";
    const booked = (await run(org, "book_appointment", { name: "Grace Hopper", phone: caller, start: localStart(4, "09:00") }, { caller })).output;
    const moved = (await run(org, "reschedule_appointment", { start: localStart(4, "10:00") }, { caller })).output;
    expect(moved).toMatchObject({ ok: true, start: localStart(4, "10:00"), confirmation_code: booked.confirmation_code });
    expect((await run(org, "book_appointment", { name: "Grace Hopper", phone: caller, start: localStart(5, "09:00") }, { caller })).output.ok).toBe(true);
    const ambiguous = (await run(org, "cancel_appointment", {}, { caller })).output;
    expect(String(ambiguous.error)).toMatch(/^The caller has 2 upcoming bookings: .+ \(code [A-Z2-9]{6}\); .+\. Ask which one, by its confirmation code\.$/);
    const canceled = (await run(org, "cancel_appointment", { code: String(booked.confirmation_code).toLowerCase() }, { caller: "+14155550199" })).output;
    expect(canceled).toMatchObject({ ok: true, canceled: expect.stringMatching(/ at 10:00 AM$/) });
    expect(await env.DB.prepare("select status from appointments where id = ?").bind(booked.appointment_id).first("status")).toBe("canceled");
    expect((await run(org, "cancel_appointment", {}, { caller: "+14155550198" })).output).toMatchObject({ ok: false });
  });
});
