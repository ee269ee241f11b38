import { describe, expect, it } from "vitest";
import { parseFields } from "./account";
import {
  APPOINTMENT_MESSAGES as A,
  SERVICE_MESSAGES as S,
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentPatchSchema,
  serviceCreateSchema,
  servicePatchSchema,
  slotProblemMessage,
  starterServiceNote,
} from "./appointments";

describe("a service's fields", () => {
  it("needs a name and a duration; buffer, price and agents are optional", () => {
    expect(parseFields(serviceCreateSchema, { name: " Haircut ", duration_minutes: 45 })).toEqual({
      ok: true,
      data: { name: "Haircut", duration_minutes: 45 },
    });
    const full = { name: "Boiler service", duration_minutes: 90, buffer_minutes: 15, price_text: "From $120", agent_ids: ["a1"] };
    expect(parseFields(serviceCreateSchema, full)).toEqual({ ok: true, data: full });
    expect(parseFields(servicePatchSchema, { price_text: null })).toEqual({ ok: true, data: { price_text: null } });
  });

  it.each([
    ["name", "", S.name],
    ["name", "x".repeat(81), S.name],
    ["duration_minutes", 0, S.duration],
    ["duration_minutes", 32, S.duration],
    ["duration_minutes", 485, S.duration],
    ["duration_minutes", "30", S.duration],
    ["buffer_minutes", -5, S.buffer],
    ["buffer_minutes", 7, S.buffer],
    ["price_text", "x".repeat(41), S.price],
    ["agent_ids", "a1", S.agents],
  ])("refuses %s = %j", (field, value, message) => {
    expect(parseFields(serviceCreateSchema, { name: "Cut", duration_minutes: 30, [field]: value })).toEqual({ ok: false, fields: { [field]: message } });
  });
});

describe("an appointment's fields", () => {
  const valid = { service_id: "s1", start: "2026-12-01T15:00:00-05:00", name: "Ada Lovelace", phone: "(415) 555-2671" };

  it("takes a start with its offset, a name and a phone", () => {
    expect(parseFields(appointmentCreateSchema, { ...valid, notes: "Leaky tap", agent_id: null })).toMatchObject({ ok: true });
    expect(parseFields(appointmentCreateSchema, { ...valid, start: "2026-12-01T20:00:00Z" })).toMatchObject({ ok: true });
  });

  it.each([
    ["start", "2026-12-01T15:00:00", A.start],
    ["start", "2026-12-01", A.start],
    ["start", "tomorrow at 3", A.start],
    ["start", "2026-13-01T15:00:00Z", A.start],
    ["name", " ", A.name],
    ["phone", "12", A.phone],
    ["notes", "x".repeat(501), A.notes],
    ["service_id", "", A.service],
  ])("refuses %s = %j, naming the field", (field, value, message) => {
    expect(parseFields(appointmentCreateSchema, { ...valid, [field]: value })).toEqual({ ok: false, fields: { [field]: message } });
  });

  it("patches a start or cancels, nothing else", () => {
    expect(parseFields(appointmentPatchSchema, { status: "canceled" })).toEqual({ ok: true, data: { status: "canceled" } });
    expect(parseFields(appointmentPatchSchema, { status: "booked" })).toEqual({ ok: false, fields: { status: A.status } });
    expect(parseFields(appointmentPatchSchema, {})).toEqual({ ok: false, fields: { _: A.patchEmpty } });
  });

  it("lists by local dates or instants", () => {
    expect(parseFields(appointmentListQuerySchema, { from: "2026-12-01", to: "2026-12-08T00:00:00-05:00", status: "all" })).toMatchObject({ ok: true });
    expect(parseFields(appointmentListQuerySchema, { from: "next week" })).toEqual({ ok: false, fields: { from: A.date } });
    expect(parseFields(appointmentListQuerySchema, { status: "pending" })).toEqual({ ok: false, fields: { status: A.listStatus } });
  });

  it("says why a time cannot be booked", () => {
    const settings = { minNoticeMinutes: 120, horizonDays: 30 };
    expect(slotProblemMessage("notice", settings)).toBe("That time is too soon: bookings need 2 hours' notice.");
    expect(slotProblemMessage("notice", { ...settings, minNoticeMinutes: 60 })).toBe("That time is too soon: bookings need an hour's notice.");
    expect(slotProblemMessage("notice", { ...settings, minNoticeMinutes: 90 })).toBe("That time is too soon: bookings need 90 minutes' notice.");
    expect(slotProblemMessage("horizon", settings)).toBe("That time is too far ahead: bookings open 30 days in advance.");
    expect(slotProblemMessage("taken", settings)).toBe(A.slotTaken);
  });
});

describe("the Services step's note on the starting service", () => {
  it("names the starting service with its duration as it is now", () => {
    expect(starterServiceNote([{ name: "Appointment", duration_minutes: 45 }])).toContain("“Appointment” (45 min)");
  });
  it("is gone once the starting service is renamed or deleted", () => {
    expect(starterServiceNote([{ name: "Cleaning", duration_minutes: 30 }])).toBeNull();
    expect(starterServiceNote([])).toBeNull();
  });
});
