import { candidateStarts } from "./availability";
import { parseOpeningHours } from "./hours";
import { PII_MARKERS } from "./pii";
import type { TestExpectation, TestScenarioId } from "./test-suite";
import { localParts } from "./zoned-time";

/** A time as a Test Suite call's effects recorded it (ISO instants; the label as the caller heard it). */
export interface RecordedSlot {
  start: string;
  end: string;
  label?: string;
}

/** What the stored call shows, read back after the post-call pipeline. */
export interface SuiteCallFacts {
  processingStatus: "pending" | "processed" | "failed";
  processingError: string | null;
  afterHours: boolean;
  entities: Record<string, string>;
  tools: { name: string; ok: boolean }[];
  transcript: { role: "user" | "assistant"; content: string }[];
  /** The times check_availability offered, and the one book_appointment validated (recorded, since a Test Suite call holds no slot). */
  offered: RecordedSlot[];
  booked: RecordedSlot | null;
  /** The answering agent's opening hours and zone, which every offered time must fall within. */
  hours: { hoursJson: string; timeZone: string } | null;
}

/** Whether a recorded time is one the opening hours allow: it starts in a span and ends by its close. */
export function withinHours(hours: NonNullable<SuiteCallFacts["hours"]>, slot: RecordedSlot): boolean {
  const start = new Date(slot.start);
  const durationMinutes = Math.round((new Date(slot.end).getTime() - start.getTime()) / 60_000);
  if (!(durationMinutes > 0)) return false;
  const input = { hours: parseOpeningHours(hours.hoursJson), timeZone: hours.timeZone, durationMinutes, stepMinutes: 5 };
  return candidateStarts(input, localParts(hours.timeZone, start).date).some((candidate) => candidate.getTime() === start.getTime());
}

/** An appointment scenario passes only on times offered within hours and a booking validated on one of them. */
function appointmentVerdict(facts: SuiteCallFacts): { passed: boolean; reason: string } {
  if (!toolOk(facts, "check_availability") || facts.offered.length === 0) {
    return { passed: false, reason: "No free times were offered (check_availability was not called, or offered none)." };
  }
  const outside = facts.hours ? facts.offered.find((slot) => !withinHours(facts.hours!, slot)) : undefined;
  if (outside || !facts.hours) return { passed: false, reason: `A time outside your opening hours was offered${outside?.label ? `: ${outside.label}` : ""}.` };
  const booked = facts.booked;
  if (!toolOk(facts, "book_appointment") || !booked)
    return { passed: false, reason: "No appointment was booked (book_appointment was not called, or failed)." };
  if (!facts.offered.some((slot) => slot.start === booked.start)) return { passed: false, reason: "The time booked was not one of the times offered." };
  return {
    passed: true,
    reason: `Appointment validated for ${booked.label ?? booked.start}: offered within your hours, and free (a Test Suite call holds no slot).`,
  };
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
  const redacted = [name, phone].some((value) => (Object.values(PII_MARKERS) as string[]).includes(value));
  if (expect === "appointment") return appointmentVerdict(facts);
  if (expect === "lead") {
    const saved = toolOk(facts, "push_crm_lead") || toolOk(facts, "book_appointment");
    const notes = [saved ? null : "from the transcript", redacted ? "stored redacted" : null].filter(Boolean);
    if (name && phone)
      return {
        passed: true,
        reason: `${scenario === "after_hours" ? "Message taken" : "Lead captured"}: ${name}, ${phone}${notes.length ? ` (${notes.join(", ")})` : ""}.`,
      };
    return { passed: false, reason: `The caller's ${name ? "phone number" : "name"} was not captured.` };
  }
  return { passed: true, reason: "The call was answered, transcribed and analysed." };
}
