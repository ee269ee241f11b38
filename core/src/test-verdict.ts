import type { ProcessingStatus } from "./calls";
import { candidateStarts } from "./availability";
import { storedLanguageVerdict, textsLanguageVerdict } from "./language-verdict";
import { parseOpeningHours } from "./hours";
import { normalizeWidgetPhone } from "./phone";
import { PII_MARKERS } from "./pii";
import type { TestCheck } from "./test-suite";
import { slotLabel } from "./slot-labels";
import { isToolFiller } from "./tool-fillers";
import { localParts } from "./zoned-time";

/** A time as a Test Suite call's effects recorded it (ISO instants; the label as the caller heard it). */
export interface RecordedSlot {
  start: string;
  end: string;
  label?: string;
}

/** What the stored call shows, read back after the post-call pipeline. */
export interface SuiteCallFacts {
  /** The answering agent's name, as the reasons name it. */
  agentName: string;
  processingStatus: ProcessingStatus;
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
  /** The caller's language as the call stored it ("es"). */
  language?: string | null;
  /** The texts the call would have sent the caller (booking confirmation, follow-up), recorded since a Test Suite call sends none. */
  texts?: string[];
  /** How many times the caller cut the agent off (the call's latency figures). */
  bargeIns?: number;
}

/** Whether a recorded time is one the opening hours allow: it starts in a span and ends by its close. */
export function withinHours(hours: NonNullable<SuiteCallFacts["hours"]>, slot: RecordedSlot): boolean {
  const start = new Date(slot.start);
  const durationMinutes = Math.round((new Date(slot.end).getTime() - start.getTime()) / 60_000);
  if (!(durationMinutes > 0)) return false;
  const input = { hours: parseOpeningHours(hours.hoursJson), timeZone: hours.timeZone, durationMinutes, stepMinutes: 5 };
  return candidateStarts(input, localParts(hours.timeZone, start).date).some((candidate) => candidate.getTime() === start.getTime());
}

type Verdict = { passed: boolean; reason: string };

const SPANISH = /\b(gracias|usted|su|sus|cita|mañana|número|llamar|nombre|por favor|claro|le|para|hola|buenos)\b/i;

/** Whether Nikki's side of the transcript is in Spanish (most of her turns use common Spanish words). */
export function answeredInSpanish(transcript: SuiteCallFacts["transcript"]): boolean {
  const answers = transcript.filter((entry) => entry.role === "assistant");
  return answers.length > 0 && answers.filter((entry) => SPANISH.test(entry.content)).length * 2 >= answers.length;
}

const squash = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
const FIGURE = /^[$€£]?\s?(\d[\d,]*(?:\.\d+)?)(?:\s?(?:dollars|euros|pounds))?$/;

/**
 * Whether any answer says the phrase: its words in order, case and spacing aside. A figure also counts when its
 * digits are said as a whole number ("$149" heard as "149 dollars"), never inside a longer one ("1490").
 */
export function saysPhrase(answers: string[], phrase: string): boolean {
  const wanted = squash(phrase).replace(/[.!?,;:]+$/, "");
  if (!wanted) return false;
  const said = answers.map(squash);
  if (said.some((answer) => wholeIn(answer, wanted))) return true;
  const digits = FIGURE.exec(wanted)?.[1];
  return digits ? said.some((answer) => wholeIn(answer, digits)) : false;
}

/** Whether the text holds the words as a whole: not inside a longer word or number ("149" is not in "1490" or "149.50"). */
function wholeIn(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}]|\\d[.,])${escaped}(?![\\p{L}\\p{N}]|[.,]\\d)`, "u").test(text);
}

const quoted = (text: string, max = 200) => `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;
const toolOk = (facts: SuiteCallFacts, name: string) => facts.tools.some((tool) => tool.name === name && tool.ok);
const toolTried = (facts: SuiteCallFacts, name: string) => facts.tools.some((tool) => tool.name === name);
const redactedMarkers = Object.values(PII_MARKERS) as string[];

/** What the agent said after its greeting (the greeting comes before the caller's first line). */
function answersOf(facts: SuiteCallFacts): string[] {
  const firstCaller = facts.transcript.findIndex((entry) => entry.role === "user");
  return facts.transcript.slice(firstCaller < 0 ? 0 : firstCaller).flatMap((entry) => (entry.role === "assistant" ? [entry.content] : []));
}

function saysVerdict(facts: SuiteCallFacts, phrase: string | null): Verdict {
  const agent = facts.agentName;
  if (!phrase) return { passed: false, reason: `No phrase was given for ${agent} to say.` };
  const answers = answersOf(facts);
  if (saysPhrase(answers, phrase)) return { passed: true, reason: `${agent} said “${phrase}”.` };
  const redacted = answers.some((answer) => redactedMarkers.some((marker) => answer.includes(marker)))
    ? " (The transcript is stored redacted: names and numbers read as markers.)"
    : "";
  const said = answers.length ? `${agent} said: ${quoted(answers.join(" "))}` : `${agent} said nothing after the greeting.`;
  return { passed: false, reason: `${agent} did not say “${phrase}”. ${said}${redacted}` };
}

function leadVerdict(facts: SuiteCallFacts): Verdict {
  // The caller's contact details are kept as given whatever the redaction setting (contact-details.ts): named here,
  // the number as the lead list keeps it (E.164) when it reads as one.
  const { name = "", phone = "" } = facts.entities;
  const number = normalizeWidgetPhone(phone);
  const saved = toolOk(facts, "push_crm_lead") || toolOk(facts, "book_appointment");
  if (name && phone)
    return {
      passed: true,
      reason: `${facts.afterHours ? "Message taken" : "Lead captured"}: ${name}, ${number.ok ? number.e164 : phone}${saved ? "" : " (from the transcript)"}.`,
    };
  return { passed: false, reason: `${facts.agentName} did not get the caller's ${name ? "phone number" : "name"}, so no lead was saved.` };
}

/** A recorded time as the owner reads it: in the business's zone, in English (the caller may have heard it in Spanish). */
const ownerLabel = (facts: SuiteCallFacts, slot: RecordedSlot) =>
  facts.hours ? slotLabel(new Date(slot.start), facts.hours.timeZone) : (slot.label ?? slot.start);

/** "A booking is made": times offered within hours, and a booking book_appointment validated on one of them. */
function appointmentVerdict(facts: SuiteCallFacts): Verdict {
  const agent = facts.agentName;
  if (!toolTried(facts, "check_availability")) return { passed: false, reason: `${agent} never looked up free times.` };
  if (!toolOk(facts, "check_availability") || facts.offered.length === 0)
    return { passed: false, reason: `${agent} looked up free times but had none to offer: check ${agent}'s hours and Settings › Booking.` };
  const outside = facts.hours ? facts.offered.find((slot) => !withinHours(facts.hours!, slot)) : undefined;
  if (outside || !facts.hours)
    return { passed: false, reason: `${agent} offered ${outside ? ownerLabel(facts, outside) : "a time"}, outside your opening hours.` };
  const booked = facts.booked;
  if (!toolTried(facts, "book_appointment")) return { passed: false, reason: `${agent} offered free times but never booked the one the caller picked.` };
  if (!toolOk(facts, "book_appointment") || !booked)
    return { passed: false, reason: `${agent} tried to book the time the caller picked, but the booking failed.` };
  if (!facts.offered.some((slot) => slot.start === booked.start))
    return { passed: false, reason: `${agent} booked ${ownerLabel(facts, booked)}, which was not one of the times offered.` };
  return { passed: true, reason: `${agent} booked ${ownerLabel(facts, booked)}: a free time within your opening hours (a Test Suite call holds no slot).` };
}

/** "The caller is transferred": transfer_call done (recorded), or why not. */
function transferVerdict(facts: SuiteCallFacts): Verdict {
  const agent = facts.agentName;
  if (toolOk(facts, "transfer_call")) return { passed: true, reason: `${agent} transferred the caller (recorded, not done).` };
  if (toolTried(facts, "transfer_call"))
    return { passed: false, reason: `${agent} tried to transfer the caller, but could not: check ${agent}'s transfer numbers (Agents › Hours & Escalation).` };
  return {
    passed: false,
    reason: `${agent} did not transfer the caller: turn on “Transfer to a person” for ${agent} and add a transfer number (Agents › Hours & Escalation).`,
  };
}

/** One check's verdict, with the reason a business reads. */
function checkVerdict(check: TestCheck, facts: SuiteCallFacts): Verdict {
  switch (check.expect) {
    case "says":
      return saysVerdict(facts, check.phrase);
    case "lead":
      return leadVerdict(facts);
    case "appointment":
      return appointmentVerdict(facts);
    case "transfer":
      return transferVerdict(facts);
    case "spanish":
      return answeredInSpanish(facts.transcript)
        ? { passed: true, reason: `${facts.agentName} answered in Spanish.` }
        : { passed: false, reason: `${facts.agentName} did not answer in Spanish.` };
    case "caller_language":
      return storedLanguageVerdict(facts.language, check.phrase);
    case "texts_language":
      return textsLanguageVerdict(facts.texts, check.phrase);
    case "after_hours":
      return facts.afterHours
        ? { passed: true, reason: "" }
        : { passed: false, reason: `${facts.agentName} took the call as one during your opening hours, not after hours.` };
    case "filler":
      return fillerVerdict(facts);
    case "heard_whole":
      return (facts.bargeIns ?? 0) === 0
        ? { passed: true, reason: `The caller coughed while ${facts.agentName} answered, and heard the answer whole: ${facts.agentName} talked on.` }
        : { passed: false, reason: `The caller's cough cut ${facts.agentName} off: the rest of the answer was not heard.` };
  }
}

/** A filler line said while a tool ran, and the tool's answer (the next thing said that is not a filler) after it. */
function fillerVerdict(facts: SuiteCallFacts): Verdict {
  const said = facts.transcript.filter((entry) => entry.role === "assistant").map((entry) => entry.content);
  const filler = said.findIndex(isToolFiller);
  const answer = filler < 0 ? -1 : said.findIndex((line, index) => index > filler && !isToolFiller(line));
  if (filler < 0) return { passed: false, reason: `${facts.agentName} said nothing while the booking system was slow: the caller heard silence.` };
  if (answer < 0) return { passed: false, reason: `${facts.agentName} said “${said[filler]}”, but the answer never came after it.` };
  return { passed: true, reason: `${facts.agentName} said “${said[filler]}” while the booking system was slow, then answered: “${said[answer]}”` };
}

/** Pass or fail, with the reason a business reads under the scenario: every check must be met; the first that is not says why. */
export function testVerdict(checks: readonly TestCheck[], facts: SuiteCallFacts): Verdict {
  if (facts.processingStatus !== "processed") {
    return { passed: false, reason: `The call's transcript and summary could not be made${facts.processingError ? `: ${facts.processingError}` : "."}` };
  }
  if (!facts.transcript.some((entry) => entry.role === "user"))
    return { passed: false, reason: `${facts.agentName} never heard the caller: nothing they said reached the transcript.` };
  if (checks.length === 0) return { passed: false, reason: "Nothing was stated to check: choose what must be true after the call." };
  const reasons: string[] = [];
  for (const check of checks) {
    const verdict = checkVerdict(check, facts);
    if (!verdict.passed) return verdict;
    if (verdict.reason) reasons.push(verdict.reason);
  }
  return { passed: true, reason: reasons.join(" ") };
}
