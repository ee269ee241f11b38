import { PII_MARKERS } from "./pii";
import type { TestExpectation, TestScenarioId } from "./test-suite";

/** What the stored call shows, read back after the post-call pipeline. */
export interface SuiteCallFacts {
  processingStatus: "pending" | "processed" | "failed";
  processingError: string | null;
  afterHours: boolean;
  entities: Record<string, string>;
  tools: { name: string; ok: boolean }[];
  transcript: { role: "user" | "assistant"; content: string }[];
}

const SPANISH = /\b(gracias|usted|su|sus|cita|mañana|número|llamar|nombre|por favor|claro|le|para|hola|buenos)\b/i;

/** Whether Nikki's side of the transcript is in Spanish (most of her turns use common Spanish words). */
export function answeredInSpanish(transcript: SuiteCallFacts["transcript"]): boolean {
  const answers = transcript.filter((entry) => entry.role === "assistant");
  return answers.length > 0 && answers.filter((entry) => SPANISH.test(entry.content)).length * 2 >= answers.length;
}

const toolOk = (facts: SuiteCallFacts, name: string) => facts.tools.some((tool) => tool.name === name && tool.ok);

/** Pass or fail, with the reason a business reads under the scenario. */
export function testVerdict(scenario: TestScenarioId, expect: TestExpectation, facts: SuiteCallFacts): { passed: boolean; reason: string } {
  if (facts.processingStatus !== "processed") {
    return { passed: false, reason: `The call was not analysed${facts.processingError ? `: ${facts.processingError}` : "."}` };
  }
  if (!facts.transcript.some((entry) => entry.role === "user")) return { passed: false, reason: "Nothing the caller said reached the transcript." };
  if (scenario === "spanish" && !answeredInSpanish(facts.transcript)) return { passed: false, reason: "Nikki did not answer in Spanish." };
  if (scenario === "after_hours" && !facts.afterHours) return { passed: false, reason: "The call was not treated as after hours." };
  const { name = "", phone = "" } = facts.entities;
  // With PII redaction on, the call's details are stored as markers: the verdict says so rather than show "[NAME]" bare.
  const stored = [name, phone].some((value) => (Object.values(PII_MARKERS) as string[]).includes(value)) ? " (stored redacted)" : "";
  if (expect === "appointment") {
    return toolOk(facts, "book_appointment")
      ? { passed: true, reason: `Appointment booked${name ? ` for ${name}` : ""}${stored}.` }
      : { passed: false, reason: "No appointment was booked (book_appointment was not called, or failed)." };
  }
  if (expect === "lead") {
    const saved = toolOk(facts, "push_crm_lead") || toolOk(facts, "book_appointment");
    if (name && phone)
      return {
        passed: true,
        reason: `${scenario === "after_hours" ? "Message taken" : "Lead captured"}: ${name}, ${phone}${saved ? "" : " (from the transcript)"}${stored}.`,
      };
    return { passed: false, reason: `The caller's ${name ? "phone number" : "name"} was not captured.` };
  }
  return { passed: true, reason: "The call was answered, transcribed and analysed." };
}
