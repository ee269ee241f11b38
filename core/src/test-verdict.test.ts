import { describe, expect, it } from "vitest";
import { knowledgeProbe, knowledgeScenario, websiteScenario } from "./test-knowledge";
import { TEST_SCENARIOS, TEST_SUITE_MESSAGES, type TestCheck, checksOfRun, customScenarioSchema, describeCheck, describeScenario } from "./test-suite";
import { type SuiteCallFacts, answeredInSpanish, saysPhrase, testVerdict } from "./test-verdict";
import { parseFields } from "./account";

const facts = (over: Partial<SuiteCallFacts> = {}): SuiteCallFacts => ({
  agentName: "Rosa",
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
const checksOf = (id: string) => TEST_SCENARIOS.find((scenario) => scenario.id === id)!.checks;
const says = (phrase: string): TestCheck[] => [{ expect: "says", phrase }];
const asked = (answer: string) =>
  facts({
    transcript: [
      { role: "assistant", content: "Thanks for calling Suite Plumbing, drain cleaning from $99 is our spring offer." },
      { role: "user", content: "How much is drain cleaning?" },
      { role: "assistant", content: answer },
    ],
  });

describe("testVerdict: built-in scenarios", () => {
  it("passes a lead with name and phone, and says whose", () => {
    expect(testVerdict(checksOf("lead"), facts())).toEqual({ passed: true, reason: "Lead captured: Maria Garcia, +14155550142." });
  });

  it("says when the lead was read from the transcript rather than saved by a tool, and never that it was stored redacted", () => {
    expect(testVerdict(checksOf("lead"), facts({ tools: [] }))).toEqual({
      passed: true,
      reason: "Lead captured: Maria Garcia, +14155550142 (from the transcript).",
    });
    // The number as said ("+1 415 555 0142") reads as the lead list keeps it.
    expect(testVerdict(checksOf("lead"), facts({ entities: { name: "Maria Garcia", phone: "+1 415 555 0142" } })).reason).toBe(
      "Lead captured: Maria Garcia, +14155550142.",
    );
    expect(testVerdict(checksOf("lead"), facts({ afterHours: true, tools: [{ name: "push_crm_lead", ok: true }] }))).toEqual({
      passed: true,
      reason: "Message taken: Maria Garcia, +14155550142.",
    });
  });

  it("fails a lead without a phone, an unprocessed call and a silent caller, saying why", () => {
    expect(testVerdict(checksOf("lead"), facts({ entities: { name: "Maria Garcia", phone: "" } })).reason).toBe(
      "Rosa did not get the caller's phone number, so no lead was saved.",
    );
    expect(testVerdict(checksOf("lead"), facts({ processingStatus: "failed", processingError: "OpenAI answered 500" }))).toEqual({
      passed: false,
      reason: "The call's transcript and summary could not be made: OpenAI answered 500",
    });
    expect(testVerdict(checksOf("lead"), facts({ transcript: [] }))).toEqual({
      passed: false,
      reason: "Rosa never heard the caller: nothing they said reached the transcript.",
    });
  });

  it("passes 'a booking is made' only on times offered within hours and a booking validated on one of them", () => {
    const offered = [slot("09:00"), slot("09:15"), slot("16:30")];
    expect(testVerdict(checksOf("appointment"), facts({ tools: bothTools, offered, booked: slot("09:15") }))).toEqual({
      passed: true,
      reason: "Rosa booked Tuesday, December 1 at 9:15 AM: a free time within your opening hours (a Test Suite call holds no slot).",
    });
    expect(testVerdict([{ expect: "appointment", phrase: null }], facts({ tools: bothTools, offered, booked: slot("09:15") })).passed).toBe(true);
  });

  it.each([
    ["free times were never looked up", { tools: [{ name: "book_appointment", ok: true }], booked: slot("09:00") }, "Rosa never looked up free times."],
    [
      "none were found",
      { tools: [{ name: "check_availability", ok: true }] },
      "Rosa looked up free times but had none to offer: check Rosa's hours and Settings › Booking.",
    ],
    [
      "a time after closing was offered",
      { tools: bothTools, offered: [slot("16:45")], booked: slot("16:45") },
      "Rosa offered Tuesday, December 1 at 4:45 PM, outside your opening hours.",
    ],
    [
      "a time before opening was offered",
      { tools: bothTools, offered: [slot("08:45")], booked: slot("08:45") },
      "Rosa offered Tuesday, December 1 at 8:45 AM, outside your opening hours.",
    ],
    [
      "nothing was booked",
      { tools: [{ name: "check_availability", ok: true }], offered: [slot("09:00")] },
      "Rosa offered free times but never booked the one the caller picked.",
    ],
    [
      "the booking failed",
      { tools: [bothTools[0]!, { name: "book_appointment", ok: false }], offered: [slot("09:00")], booked: slot("09:00") },
      "Rosa tried to book the time the caller picked, but the booking failed.",
    ],
    [
      "a time not offered was booked",
      { tools: bothTools, offered: [slot("09:00")], booked: slot("10:00") },
      "Rosa booked Tuesday, December 1 at 10:00 AM, which was not one of the times offered.",
    ],
  ])("fails an appointment when %s", (_case, over, reason) => {
    expect(testVerdict(checksOf("appointment"), facts(over))).toEqual({ passed: false, reason });
  });

  it("needs Spanish answers and the details for the Spanish caller, and the after-hours flag and a message for the night caller", () => {
    expect(testVerdict(checksOf("spanish"), facts())).toEqual({ passed: false, reason: "Rosa did not answer in Spanish." });
    const spanish = facts({
      transcript: [
        { role: "assistant", content: "¡Claro! ¿Me da su número, por favor?" },
        { role: "user", content: "Hola" },
      ],
    });
    // The call is stored as Spanish, and the texts to the caller are in Spanish too (issue 37 §4).
    expect(testVerdict(checksOf("spanish"), spanish)).toEqual({ passed: false, reason: "No language was stored for the call." });
    const stored = { ...spanish, language: "es" };
    // The Spanish caller books: a lead alone is not enough.
    expect(testVerdict(checksOf("spanish"), stored)).toEqual({ passed: false, reason: "Rosa never looked up free times." });
    const booked = { ...stored, tools: bothTools, offered: [slot("09:00")], booked: slot("09:00") };
    const texted = { ...booked, texts: ["Fontanería Ruiz: su cita queda reservada para el martes 1 de diciembre a las 9:00. Código ABC123."] };
    expect(testVerdict(checksOf("spanish"), booked)).toEqual({
      passed: false,
      reason: "No text would have been sent to the caller (no booking confirmation, no follow-up).",
    });
    expect(testVerdict(checksOf("spanish"), texted)).toEqual({
      passed: true,
      reason:
        "Rosa answered in Spanish. The call is stored as Spanish. Rosa booked Tuesday, December 1 at 9:00 AM: a free time within your opening hours (a Test Suite call holds no slot). The caller would get 1 text in Spanish.",
    });
    expect(testVerdict(checksOf("spanish"), { ...texted, language: "en" }).reason).toBe("The call is stored as English, not Spanish.");
    expect(testVerdict(checksOf("spanish"), { ...texted, tools: [] }).passed).toBe(false);
    expect(testVerdict(checksOf("after_hours"), facts()).reason).toBe("Rosa took the call as one during your opening hours, not after hours.");
    expect(testVerdict(checksOf("after_hours"), facts({ afterHours: true })).reason).toBe("Message taken: Maria Garcia, +14155550142.");
  });

  it("the cough scenario passes when the caller heard the answer whole, and fails when the cough cut the agent off", () => {
    expect(testVerdict(checksOf("cough"), facts({ bargeIns: 0 }))).toEqual({
      passed: true,
      reason: "The caller coughed while Rosa answered, and heard the answer whole: Rosa talked on.",
    });
    expect(testVerdict(checksOf("cough"), facts({ bargeIns: 1 }))).toEqual({
      passed: false,
      reason: "The caller's cough cut Rosa off: the rest of the answer was not heard.",
    });
  });

  it("tells Spanish from English answers", () => {
    expect(answeredInSpanish([{ role: "assistant", content: "Gracias por llamar, ¿en qué le puedo ayudar?" }])).toBe(true);
    expect(answeredInSpanish([{ role: "assistant", content: "Thanks for calling, how can I help?" }])).toBe(false);
  });
});

describe("testVerdict: what a custom scenario states", () => {
  it("passes 'the agent says' only when an answer after the greeting says it, and fails quoting what was said", () => {
    expect(testVerdict(says("$149"), asked("Drain cleaning is $149."))).toEqual({ passed: true, reason: "Rosa said “$149”." });
    expect(testVerdict(says("$149"), asked("Of course. Could I have your name and the best number to reach you?"))).toEqual({
      passed: false,
      reason: "Rosa did not say “$149”. Rosa said: “Of course. Could I have your name and the best number to reach you?”",
    });
    // The greeting's "$99" is not an answer.
    expect(testVerdict(says("$99"), asked("Drain cleaning is $149.")).passed).toBe(false);
    expect(testVerdict(says("$149"), facts({ transcript: [{ role: "user", content: "How much?" }] })).reason).toBe(
      "Rosa did not say “$149”. Rosa said nothing after the greeting.",
    );
  });

  it("reads a phrase case and spacing aside, and a figure as a whole number however it is spoken", () => {
    expect(saysPhrase(["We UNBLOCK   drains every day."], "unblock drains")).toBe(true);
    expect(saysPhrase(["That's 149 dollars."], "$149")).toBe(true);
    expect(saysPhrase(["It's $1,490."], "$149")).toBe(false);
    expect(saysPhrase(["It's $149.50."], "$149")).toBe(false);
    expect(saysPhrase(["It's $149."], "$149.")).toBe(true);
    expect(saysPhrase(["We don't do that."], "")).toBe(false);
  });

  it("says when a missing phrase may be hidden by redaction", () => {
    expect(testVerdict(says("Rosa Diaz"), asked("I'm [NAME], how can I help?")).reason).toBe(
      "Rosa did not say “Rosa Diaz”. Rosa said: “I'm [NAME], how can I help?” (The transcript is stored redacted: names and numbers read as markers.)",
    );
  });

  it("checks a transfer, Spanish and a lead as stated, and fails a run that states nothing", () => {
    const transfer: TestCheck[] = [{ expect: "transfer", phrase: null }];
    expect(testVerdict(transfer, facts({ tools: [{ name: "transfer_call", ok: true }] }))).toEqual({
      passed: true,
      reason: "Rosa transferred the caller (recorded, not done).",
    });
    expect(testVerdict(transfer, facts({ tools: [{ name: "transfer_call", ok: false }] }))).toEqual({
      passed: false,
      reason: "Rosa tried to transfer the caller, but could not: check Rosa's transfer numbers (Agents › Hours & Escalation).",
    });
    expect(testVerdict(transfer, facts({ tools: [] }))).toEqual({
      passed: false,
      reason: "Rosa did not transfer the caller: turn on “Transfer to a person” for Rosa and add a transfer number (Agents › Hours & Escalation).",
    });
    expect(testVerdict([{ expect: "spanish", phrase: null }], facts()).passed).toBe(false);
    expect(testVerdict([{ expect: "lead", phrase: null }], facts()).passed).toBe(true);
    expect(testVerdict([], facts())).toEqual({ passed: false, reason: "Nothing was stated to check: choose what must be true after the call." });
  });

  it("reads a run's checks: a built-in's own, the stated one for custom and knowledge runs, none for a legacy 'info' run", () => {
    expect(checksOfRun("after_hours", "lead", null)).toEqual([
      { expect: "after_hours", phrase: null },
      { expect: "lead", phrase: null },
    ]);
    expect(checksOfRun("custom", "says", "$149")).toEqual([{ expect: "says", phrase: "$149" }]);
    expect(checksOfRun("knowledge", "says", "$29")).toEqual([{ expect: "says", phrase: "$29" }]);
    expect(checksOfRun("custom", "info", null)).toEqual([]);
    expect(describeCheck({ expect: "says", phrase: "$149" }, "Rosa")).toBe("Rosa says “$149”");
    expect(describeCheck({ expect: "transfer", phrase: null }, "Rosa")).toBe("The caller is transferred");
    expect(describeCheck({ expect: "filler", phrase: null }, "Rosa")).toBe("The caller hears Rosa is checking before the answer");
  });

  it("names the agent, never the product, in every scenario's description", () => {
    for (const scenario of TEST_SCENARIOS) {
      expect(describeScenario(scenario.id, "Rita")).not.toMatch(/Nikki/);
      expect(scenario.description).not.toMatch(/Nikki/);
    }
    expect(describeScenario("lead", "Rita")).toMatch(/Rita saves the lead\.$/);
    expect(TEST_SCENARIOS.find((scenario) => scenario.id === "lead")!.description).toMatch(/Your agent saves the lead\.$/);
  });
});

describe("the custom scenario's schema", () => {
  it.each([
    [{ lines: ["How much is drain cleaning?"], expect: "says", phrase: " $149 " }, { ok: true }],
    [{ lines: ["Put me through to a person."], expect: "transfer" }, { ok: true }],
    [{ lines: ["Hi"], expect: "says" }, { phrase: "Write what the agent must say: a phrase or a number, up to 100 characters." }],
    [{ lines: ["Hi"], expect: "says", phrase: "x".repeat(101) }, { phrase: "Write what the agent must say: a phrase or a number, up to 100 characters." }],
    [{ lines: ["Hi"], expect: "info" }, { expect: "Choose what must be true after the call." }],
  ])("%j → %j", (input, outcome) => {
    const parsed = parseFields(customScenarioSchema, input);
    if ("ok" in outcome) expect(parsed.ok).toBe(true);
    else expect(parsed).toEqual({ ok: false, fields: outcome });
  });

  it("trims the phrase", () => {
    const parsed = parseFields(customScenarioSchema, { lines: ["How much?"], expect: "says", phrase: " $149 " });
    expect(parsed.ok && parsed.data.phrase).toBe("$149");
  });
});

describe("knowledgeProbe: the knowledge scenario's question and answer", () => {
  it.each([
    ["We unblock drains. Drain cleaning is $149. Call-outs are free.", { question: "How much is the drain cleaning?", answer: "$149" }],
    ["Nikki AI answers calls 24/7. Plans start at $29 a month with a 14-day free trial.", { question: "How much are the plans?", answer: "$29" }],
    ["$95 for a boiler service.", { question: "How much is the boiler service?", answer: "$95" }],
    ["Boiler service: 95 dollars", { question: "How much is the boiler service?", answer: "95 dollars" }],
    ["Homes up to 15 miles beyond these towns can be served for a $20 travel fee.", { question: "How much is the travel fee?", answer: "$20" }],
    ["We fix leaks.\nWater heater installs start at $1,200.50 and up.", { question: "How much are the water heater installs?", answer: "$1,200.50" }],
    // A sentence led by who offers it names no thing priced: it is passed over, never asked with its figure taken out.
    [
      "We offer CareCredit financing for treatments over $500. New patients: exam, X-rays and cleaning for $99.",
      { question: "How much is the exam, X-rays and cleaning?", answer: "$99" },
    ],
    ["Our teeth whitening is $299.", { question: "How much is the teeth whitening?", answer: "$299" }],
  ])("%j → %j", (knowledge, probe) => {
    expect(knowledgeProbe(knowledge)).toEqual(probe);
  });

  it("has nothing to ask without a price", () => {
    expect(knowledgeProbe("We fix leaks, 24/7.")).toBeNull();
    expect(knowledgeProbe("We offer CareCredit financing for treatments over $500.")).toBeNull();
    expect(knowledgeProbe("")).toBeNull();
  });
});

describe("websiteScenario: the website scenario's question, only the imported pages can answer", () => {
  const pages = ["Hours.\nOpen 7 am to 3 pm.", "Bread.\nSourdough loaf: $8.\nBaguette: $4.", "Cakes.\nWedding cakes from $350."];

  it("asks about the first price of the pages that the rest of the knowledge does not give", () => {
    expect(websiteScenario(pages, "")).toMatchObject({ lines: ["How much is the sourdough loaf?"], checks: [{ expect: "says", phrase: "$8" }], blocker: null });
    expect(websiteScenario(pages, "Our sourdough is $8.")).toMatchObject({ lines: ["How much is the baguette?"], checks: [{ phrase: "$4" }] });
    expect(websiteScenario(pages, "Our sourdough is $8, a baguette $4.")).toMatchObject({
      lines: ["How much are the wedding cakes?"],
      checks: [{ phrase: "$350" }],
    });
    // Another price that merely starts the same is not the same price.
    expect(websiteScenario(pages, "Rye is $85, a tart $8.50.")).toMatchObject({ checks: [{ phrase: "$8" }] });
  });

  it("says what to do when nothing is imported, or no page gives a price of its own", () => {
    expect(websiteScenario([], "Drain cleaning is $149.")).toMatchObject({ lines: [], blocker: TEST_SUITE_MESSAGES.noWebsite });
    expect(websiteScenario(pages.slice(0, 1), "")).toMatchObject({ lines: [], blocker: TEST_SUITE_MESSAGES.noWebsitePrice });
  });
});

describe("knowledgeScenario: a price the Knowledge page gives, typed first", () => {
  const pages = ["Bread.\nSourdough loaf: $8.\nBaguette: $4.", "Cakes.\nWedding cakes from $350."];

  it("asks about typed knowledge first, else an imported price the website scenario does not ask about", () => {
    expect(knowledgeScenario("A boiler service is $95.", pages)).toMatchObject({ lines: ["How much is the boiler service?"], blocker: null });
    // Only the pages give prices: the website scenario asks about the loaf, this one about the baguette.
    expect(knowledgeScenario("We bake every morning.", pages)).toMatchObject({
      lines: ["How much is the baguette?"],
      checks: [{ phrase: "$4" }],
      blocker: null,
    });
    expect(knowledgeScenario("", ["Teeth whitening is $249."])).toMatchObject({ lines: ["How much is the teeth whitening?"], blocker: null });
  });

  it("points to the Knowledge page when nothing gives a price", () => {
    expect(knowledgeScenario("We bake every morning.", ["Hours.\nOpen 7 am."])).toMatchObject({ lines: [], blocker: TEST_SUITE_MESSAGES.noKnowledgePrice });
    expect(TEST_SUITE_MESSAGES.noKnowledgePrice).toMatch(/Knowledge page/);
  });
});
