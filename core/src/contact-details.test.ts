import { describe, expect, it } from "vitest";
import type { AppointmentResource } from "./appointments";
import type { BusinessLead } from "./business-leads";
import { contactMarker, maskedAppointment, maskedEntities, maskedLead, masksContactsFor, redactedSpeechEntities } from "./contact-details";

const extracted = {
  name: "Lucía Fernández",
  phone: "+34 612 345 678",
  email: "lucia@example.es",
  intent: "Call back Ada Lovelace at 415 555 2671, Lucía said",
  urgency: "high",
  appointment_time: "",
  customer_first_name: "Lucía",
  callback_number: "612345678",
};

describe("contactMarker: which extracted fields are contact details", () => {
  it.each([
    ["name", "[NAME]"],
    ["customer_first_name", "[NAME]"],
    ["phone", "[PHONE]"],
    ["Mobile", "[PHONE]"],
    ["callback_number", "[PHONE]"],
    ["email", "[EMAIL]"],
    ["e_mail", "[EMAIL]"],
    ["intent", null],
    ["appointment_time", null],
    ["urgency", null],
  ])("%s → %s", (field, marker) => {
    expect(contactMarker(field)).toBe(marker);
  });
});

describe("redactedSpeechEntities: what the analysis extracted, as stored with redaction on", () => {
  it("keeps the contact fields as given and redacts the PII inside the fields of speech, the caller's first name included", () => {
    expect(redactedSpeechEntities(extracted)).toEqual({
      ...extracted,
      intent: "Call back [NAME] at [PHONE], [NAME] said",
    });
  });

  it("leaves the business's own names in the fields of speech", () => {
    expect(redactedSpeechEntities({ name: "Ada Lovelace", intent: "Asked Rosa Plumbing for a quote" }, ["Rosa Plumbing"])).toEqual({
      name: "Ada Lovelace",
      intent: "Asked Rosa Plumbing for a quote",
    });
  });
});

describe("maskedEntities: what the analysis extracted, as a viewer reads it", () => {
  it("masks each contact field whole and the PII inside the others; keeps the rest and empty values", () => {
    expect(maskedEntities(extracted)).toEqual({
      name: "[NAME]",
      phone: "[PHONE]",
      email: "[EMAIL]",
      intent: "Call back [NAME] at [PHONE], [NAME] said",
      urgency: "high",
      appointment_time: "",
      customer_first_name: "[NAME]",
      callback_number: "[PHONE]",
    });
  });

  it("leaves a row stored redacted before as it was: its markers stay markers", () => {
    const stored = { name: "[NAME]", phone: "[PHONE]", intent: "Call back [NAME]" };
    expect(maskedEntities(stored)).toEqual(stored);
    expect(redactedSpeechEntities(stored)).toEqual(stored);
  });
});

describe("a lead and an appointment, as a viewer reads them", () => {
  const lead: BusinessLead = {
    id: "l1",
    source: "call",
    name: "Ada Lovelace",
    phone: "+14155550142",
    email: null,
    intent: "Quote for Ada's water heater",
    notes: "Ada Lovelace asked to be called on 415 555 0142",
    call_id: "c1",
    summary: "Ada Lovelace wants a quote; call 415 555 0142.",
    appointments: [],
    crm_synced_at: null,
    created_at: "2026-12-01T15:00:00.000Z",
  };

  it("masks the lead's name, number and e-mail, and the PII in its intent, notes and call summary", () => {
    expect(maskedLead(lead)).toEqual({
      ...lead,
      name: "[NAME]",
      phone: "[PHONE]",
      email: null,
      intent: "Quote for [NAME]'s water heater",
      notes: "[NAME] asked to be called on [PHONE]",
      summary: "[NAME] wants a quote; call [PHONE].",
    });
    expect(maskedLead({ ...lead, email: "ada@example.com" }).email).toBe("[EMAIL]");
  });

  it("masks the appointment's person and the PII in its notes, nothing else", () => {
    const appointment = { id: "a1", name: "Ada Lovelace", phone: "+14155550142", notes: null, service_name: "Boiler service" } as AppointmentResource;
    expect(maskedAppointment(appointment)).toEqual({ ...appointment, name: "[NAME]", phone: "[PHONE]", notes: null });
  });
});

describe("who reads contact details masked", () => {
  it.each([
    ["viewer", true],
    ["admin", false],
    ["owner", false],
  ] as const)("%s → %s", (role, masks) => {
    expect(masksContactsFor(role)).toBe(masks);
  });
});
