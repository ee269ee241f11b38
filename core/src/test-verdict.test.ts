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
  offered: [],
  booked: null,
  hours: { hoursJson: JSON.stringify({ tue: [{ open: "09:00", close: "17:00" }] }), timeZone: "America/New_York" },
  ...over,
});

// Tuesday 2026-12-01 in New York (open 9 to 5).
const slot = (local: string, minutes = 30) => {
  const start = new Date(`2026-12-01T${local}:00-05:00`);
  return { start: start.toISOString(), end: new Date(start.getTime() + minutes * 60_000).toISOString(), label: `Tuesday, December 1 at ${local}` };
};
const bothTools = [
  { name: "check_availability", ok: true },
  { name: "book_appointment", ok: true },
];

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

  it("passes an appointment only on times offered within hours and a booking validated on one of them", () => {
    const offered = [slot("09:00"), slot("09:15"), slot("16:30")];
    expect(testVerdict("appointment", "appointment", facts({ tools: bothTools, offered, booked: slot("09:15") }))).toEqual({
      passed: true,
      reason: "Appointment validated for Tuesday, December 1 at 09:15: offered within your hours, and free (a Test Suite call holds no slot).",
    });
  });

  it.each([
    [
      "nothing was offered",
      { tools: [{ name: "book_appointment", ok: true }], booked: slot("09:00") },
      "No free times were offered (check_availability was not called, or offered none).",
    ],
    [
      "a time after closing was offered",
      { tools: bothTools, offered: [slot("16:45")], booked: slot("16:45") },
      "A time outside your opening hours was offered: Tuesday, December 1 at 16:45.",
    ],
    [
      "a time before opening was offered",
      { tools: bothTools, offered: [slot("08:45")], booked: slot("08:45") },
      "A time outside your opening hours was offered: Tuesday, December 1 at 08:45.",
    ],
    [
      "nothing was booked",
      { tools: [{ name: "check_availability", ok: true }], offered: [slot("09:00")] },
      "No appointment was booked (book_appointment was not called, or failed).",
    ],
    [
      "the booking failed",
      { tools: [bothTools[0]!, { name: "book_appointment", ok: false }], offered: [slot("09:00")], booked: slot("09:00") },
      "No appointment was booked (book_appointment was not called, or failed).",
    ],
    [
      "a time not offered was booked",
      { tools: bothTools, offered: [slot("09:00")], booked: slot("10:00") },
      "The time booked was not one of the times offered.",
    ],
  ])("fails an appointment when %s", (_case, over, reason) => {
    expect(testVerdict("appointment", "appointment", facts(over))).toEqual({ passed: false, reason });
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
