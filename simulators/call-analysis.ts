/**
 * The simulated model's post-call analysis, as the product's analysis prompt asks it (worker/src/after-call/analysis.ts):
 * from the transcript it is given ("Caller: …" and "Receptionist: …" lines), a summary of what happened in two
 * sentences (who called and what they wanted, then what was agreed), the sentiment, the caller's language, whether they
 * asked not to keep their details, and the fields the schema
 * requires, exactly as said, empty when absent. Deterministic rules, so a test can say what the analysis must be; a
 * masked detail ("[NAME]", "[PHONE]") is not a detail, so it is never extracted. A booked time is the one the
 * instructions list as stored for the call (core/src/booked-summary.ts), never the time the caller asked for.
 */
import { DEFAULT_SERVICE } from "@nikki/core";
import { SPANISH } from "./caller-model";
import { type SimulatedQuestion, unansweredQuestions } from "./unanswered-questions";

export interface SimulatedAnalysis {
  summary: string;
  sentiment: "positive" | "neutral" | "negative";
  entities: Record<string, string>;
  /** The caller's language (primary subtag), empty when they said nothing. */
  language: string;
  /** The caller asked not to keep their details. */
  forget_me: boolean;
  /** The questions the receptionist could not answer (unanswered-questions.ts). */
  unanswered_questions: SimulatedQuestion[];
}

const NAME = /\b(?:this is|my name is|I'm|I am|soy|me llamo)\s+([A-ZÁÉÍÓÚ][a-záéíóúñ]+ [A-ZÁÉÍÓÚ][a-záéíóúñ]+)/;
/**
 * A caller giving their name without "this is": a line that is their name alone ("Ada Lovelace." or "It's Ada
 * Lovelace"), or "Grace Hopper here"; not any capitalised pair ("Do you accept Delta Dental?").
 */
const FULL_NAME = /^(?:it's\s+|it is\s+)?([A-Z][a-z]+ [A-Z][a-z]+)[.!]?$|\b([A-Z][a-z]+ [A-Z][a-z]+) here\b/m;
const fullName = (text: string) => {
  const match = FULL_NAME.exec(text);
  return match?.[1] ?? match?.[2] ?? "";
};
const PHONE = /\+?\d[\d\s().-]{8,}\d/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const URGENT = /\b(urgent|emergency|flood(?:ing)?|urgente|emergencia)\b/i;
const WHEN = /\b(today|tomorrow|hoy|mañana|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[^.!?]*?\b(\d{1,2}(?::\d\d)?\s*(?:am|pm)?)(?![\w:])/i;
/** A sentence that asks for something, and the verb phrase of what is asked ("book a plumber …"). */
const REQUEST = [
  /^(?:hi|hello|hola)?[, ]*(?:can|could|may) (?:i|you|we) (?:please )?(.+?)[?.!]*$/i,
  /^(?:hi|hello|hola)?[, ]*i(?:'d like| would like| need| want)(?: to)? (.+?)[?.!]*$/i,
];
const QUESTION = /\?$/;
const BOOKED = /\b(you're all set|booked|confirmed|su cita es|listo)\b/i;
const POSITIVE = /\b(thanks|thank you|great|perfect|gracias)\b/i;
const NEGATIVE = /\b(terrible|awful|angry|unacceptable|ridiculous|complain(?:t)?)\b/i;
const FORGET_ME =
  /\b(?:don'?t|do not) (?:keep|store|save|remember) (?:my|any of my) (?:details|information|info|data|number)\b|\b(?:delete|erase|forget) my (?:details|information|info|data|number)\b|\bno (?:guarde|guarden) mis datos\b|\b(?:borre|borren) mis datos\b/i;
const MESSAGE_TAKEN = /\b(passed your message|call you back|le llamarán|take a message)\b/i;

/** The call's bookings as the instructions list them ("- Cleaning: Tuesday, December 1 at 8:00 AM"); null when they say nothing of bookings. */
function bookingsIn(system: string): { service: string; label: string }[] | null {
  if (/^No appointment was booked on this call\./m.test(system)) return [];
  const start = system.search(/^Appointments booked on this call/m);
  if (start < 0) return null;
  const bookings: { service: string; label: string }[] = [];
  for (const line of system.slice(start).split("\n").slice(1)) {
    const found = /^- (.+?): (.+)$/.exec(line);
    if (!found) break;
    bookings.push({ service: found[1]!, label: found[2]! });
  }
  return bookings;
}

const lines = (transcript: string, who: "Caller" | "Receptionist") =>
  transcript
    .split("\n")
    .filter((line) => line.startsWith(`${who}: `))
    .map((line) => line.slice(who.length + 2).trim());

const sentences = (text: string) => text.match(/[^.!?]+[.!?]*/g)?.map((sentence) => sentence.trim()) ?? [];

/** What the caller wanted: the verb phrase of their first request, else their first question. */
function requestOf(said: string[]): { action: string | null; question: string | null } {
  const all = said.flatMap(sentences);
  for (const sentence of all) {
    for (const pattern of REQUEST) {
      const action = pattern.exec(sentence)?.[1];
      if (action) return { action, question: null };
    }
  }
  return { action: null, question: all.find((sentence) => QUESTION.test(sentence)) ?? null };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "book a Wellness Exam", "book an appointment" (the default service), one phrase for all of the call's bookings. */
function bookedAction(bookings: readonly { service: string }[]): string {
  const services = [...new Set(bookings.map((booking) => (booking.service === DEFAULT_SERVICE.name ? "appointment" : booking.service)))];
  return `book ${services.map((service) => `${/^[aeiou]/i.test(service) ? "an" : "a"} ${service}`).join(" and ")}`;
}

/** `system`: the analysis's instructions (the knowledge and open questions it was shown). */
export function analyseTranscript(transcript: string, fields: readonly string[], system = ""): SimulatedAnalysis {
  const said = lines(transcript, "Caller");
  const answered = lines(transcript, "Receptionist");
  const callerText = said.join("\n");
  const name = NAME.exec(callerText)?.[1] ?? fullName(callerText);
  const when = WHEN.exec(callerText);
  const bookings = bookingsIn(system);
  const appointmentTime = bookings?.length ? bookings.map((booking) => booking.label).join("; ") : when ? `${when[1]} at ${when[2]!.replace(/\s+/g, "")}` : "";
  const request = requestOf(said);
  // A request the rules cannot read (a Spanish caller's) that ended in a booking: what they wanted is what was booked,
  // said in the business's language as the instructions list it (issue 54), never "Lucía Fernández called." alone.
  const action = request.action ?? (bookings?.length ? bookedAction(bookings) : null);
  const question = action ? null : request.question;
  const extracted: Record<string, string> = {
    name,
    phone: PHONE.exec(callerText)?.[0] ?? "",
    email: EMAIL.exec(callerText)?.[0] ?? "",
    intent: action ? capitalised(action) : (question ?? ""),
    appointment_time: appointmentTime,
    urgency: URGENT.test(callerText) ? "urgent" : "",
  };

  const who = name || "Someone";
  const wanted = action ? `${who} called to ${action}.` : question ? `${who} called and asked: "${question}"` : `${who} called.`;
  const closing = answered.slice(1).join(" ");
  const booked = bookings ? bookings.length > 0 : BOOKED.test(closing);
  const agreed = booked
    ? `The appointment was booked${appointmentTime ? ` for ${appointmentTime}` : ""}.`
    : MESSAGE_TAKEN.test(closing)
      ? "The receptionist took a message for the team to call back."
      : answered.length > 1
        ? `The receptionist answered: "${answered.at(-1)}"`
        : "";
  const summary = said.length === 0 ? "The caller hung up before saying anything." : [wanted, agreed].filter(Boolean).join(" ");
  return {
    summary,
    // The mood of the call: the caller's complaint makes it negative; thanks on either side, or a booking, positive.
    sentiment: NEGATIVE.test(callerText) ? "negative" : booked || POSITIVE.test(transcript) ? "positive" : "neutral",
    entities: Object.fromEntries(fields.map((field) => [field, extracted[field] ?? ""])),
    language: said.length === 0 ? "" : SPANISH.test(callerText) ? "es" : "en",
    forget_me: FORGET_ME.test(callerText),
    unanswered_questions: unansweredQuestions(transcript, system),
  };
}
