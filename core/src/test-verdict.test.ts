import { describe, expect, it } from "vitest";
import { type SuiteCallFacts, answeredInSpanish, testVerdict } from "./test-verdict";

const facts = (over: Partial<SuiteCallFacts> = {}): SuiteCallFacts => ({
  processingStatus: "processed",
  processingError: null,
  afterHours: false,
  entities: { name: "Maria Garcia", phone: "+14155550142" },
  tools: [{ name: "push_crm_lead", ok: true }],
  transcript: [
    { role: "assistant", content: "Thanks for calling!" },
    { role: "user", content: "Hi, this is Maria Garcia." },
  ],
  ...over,
});

describe("testVerdict", () => {
  it("passes a lead with name and phone, and says whose", () => {
    expect(testVerdict("lead", "lead", facts())).toEqual({ passed: true, reason: "Lead captured: Maria Garcia, +14155550142." });
  });

  it("says a lead's details were stored redacted when PII redaction masked them", () => {
    const masked = facts({ entities: { name: "[NAME]", phone: "[PHONE]" } });
    expect(testVerdict("lead", "lead", masked)).toEqual({ passed: true, reason: "Lead captured: [NAME], [PHONE] (stored redacted)." });
  });

  it("fails a lead without a phone, an unprocessed call and a silent caller, saying why", () => {
    expect(testVerdict("lead", "lead", facts({ entities: { name: "Maria Garcia", phone: "" } })).reason).toBe("The caller's phone number was not captured.");
    expect(testVerdict("lead", "lead", facts({ processingStatus: "failed", processingError: "OpenAI answered 500" }))).toEqual({
      passed: false,
      reason: "The call was not analysed: OpenAI answered 500",
    });
    expect(testVerdict("lead", "lead", facts({ transcript: [] })).passed).toBe(false);
  });

  it("needs a booking for an appointment", () => {
    expect(testVerdict("appointment", "appointment", facts()).passed).toBe(false);
    expect(testVerdict("appointment", "appointment", facts({ tools: [{ name: "book_appointment", ok: true }] }))).toEqual({
      passed: true,
      reason: "Appointment booked for Maria Garcia.",
    });
    expect(testVerdict("appointment", "appointment", facts({ tools: [{ name: "book_appointment", ok: false }] })).passed).toBe(false);
  });

  it("needs Spanish answers for the Spanish caller, and the after-hours flag for the night caller", () => {
    expect(testVerdict("spanish", "lead", facts())).toEqual({ passed: false, reason: "Nikki did not answer in Spanish." });
    const spanish = facts({
      transcript: [
        { role: "assistant", content: "¡Claro! ¿Me da su número, por favor?" },
        { role: "user", content: "Hola" },
      ],
    });
    expect(testVerdict("spanish", "lead", spanish).passed).toBe(true);
    expect(testVerdict("after_hours", "lead", facts()).reason).toBe("The call was not treated as after hours.");
    expect(testVerdict("after_hours", "lead", facts({ afterHours: true })).reason).toBe("Message taken: Maria Garcia, +14155550142.");
  });

  it("tells Spanish from English answers", () => {
    expect(answeredInSpanish([{ role: "assistant", content: "Gracias por llamar, ¿en qué le puedo ayudar?" }])).toBe(true);
    expect(answeredInSpanish([{ role: "assistant", content: "Thanks for calling, how can I help?" }])).toBe(false);
  });
});
