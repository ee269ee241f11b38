/**
 * The simulated Realtime model's answer to what a caller said (offline Test Suite runs): a few rules a receptionist
 * follows, in the caller's language, using only the tools the session enabled, and questions answered from the
 * instructions' knowledge (knowledge-answer.ts). Deterministic, so a scenario's result says whether the product around
 * the model works: the webhook, the bridge, the prompt and knowledge, the tools, the post-call pipeline.
 *
 * Booking goes as the instructions ask: check_availability first, offer the times it returned by their labels, and
 * book_appointment only with the start of the one the caller picked; then read back the label and the code. A caller
 * who asks to be texted is sent one text (send_sms) to the number they gave, once they have given it.
 */
import { answerFromKnowledge, answerFromSections, questionIn } from "./knowledge-answer";
import type { ScriptedNext, ScriptedReply, ToolAnswer } from "./scripted-turn";

interface OfferedTime {
  start: string;
  label: string;
}

/** What the caller has said so far in this call, and what the tools answered. */
export interface CallerMemory {
  name: string;
  phone: string;
  /** The service the caller named ("a Cleaning", "una cita de Cleaning"), passed to the booking tools; empty when none. */
  service: string;
  /** The day the caller named ("tomorrow", "el martes"), the hour ("10 am", "9") and the part of the day ("morning"). */
  day: string;
  hour: string;
  part: string;
  spanish: boolean;
  urgent: boolean;
  booking: boolean;
  leadSaved: boolean;
  /** The caller asked for a text, and whether send_sms was tried (sent or refused: the model does not ask twice). */
  wantsText: boolean;
  texted: boolean;
  /** The times check_availability offered, once it was asked. */
  offered: OfferedTime[] | null;
  booked: boolean;
  said: string[];
}

export const newCallerMemory = (): CallerMemory => ({
  name: "",
  phone: "",
  service: "",
  day: "",
  hour: "",
  part: "",
  spanish: false,
  urgent: false,
  booking: false,
  leadSaved: false,
  wantsText: false,
  texted: false,
  offered: null,
  booked: false,
  said: [],
});

/** Words that say the caller speaks Spanish (the post-call analysis's language too). */
export const SPANISH = /\b(hola|quiero|necesito|cita|gracias|llamo|soy|mañana|número|por favor)\b/i;
const NAME = /\b(?:this is|my name is|I'm|I am|soy|me llamo)\s+([A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?: [A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)?)/;
const PHONE = /\+?\d[\d\s().-]{8,}\d/;
const BOOKING = /\b(book|appointment|schedule|visit|cita|reservar|agendar)\b/i;
/** The service named with the booking ("book a Cleaning for…", "una cita de Cleaning para…"); "an appointment" names none. */
const SERVICE = [
  /\b(?:book|schedule)\s+(?:a|an|my|the)\s+(.+?)(?=\s+(?:for|on|at|this|next|tomorrow|today|please)\b|[?.!,]|$)/i,
  /\bcita\s+(?:de|para)\s+(?!(?:mañana|hoy|el|la|las)\b)(.+?)(?=\s+(?:para|el|mañana|hoy|a las?)\b|[?.!,]|$)/i,
];
const GENERIC_SERVICE = /^(appointment|visit|cita|consulta)$/i;
/**
 * The product's instructions when the business is closed but still takes bookings (worker/src/agent/instructions.ts):
 * the model books a caller who asks, and takes a message from anyone else.
 */
const BOOKS_AFTER_HOURS = "appointments can still be booked";
const DAY = /\b(today|tomorrow|hoy|mañana|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miércoles|jueves|viernes|sábado)\b/i;
const HOUR = /\b(?:at|a las?)\s+(\d{1,2})(?::(\d\d))?\s*(am|pm)?/i;
const PART = /\b(morning|afternoon|evening)\b|\bpor la (mañana|tarde|noche)\b/i;
const PART_OF_DAY: Record<string, string> = { mañana: "morning", tarde: "afternoon", noche: "evening" };
const URGENT = /\b(urgent|emergency|flood(?:ing)?|urgente|emergencia)\b/i;
const PERSON =
  /\b(?:speak|talk) (?:to|with) (?:a |an |the |someone|somebody)?(?:person|human|someone|somebody|manager|owner|team member)|\b(?:transfer|put) me through\b|\bhablar con (?:una persona|alguien)/i;
const TEXT_ME = /\b(?:text|sms) me\b|\bsend me (?:a |an )?(?:text|sms)\b|\b(?:mándeme|envíeme) un (?:mensaje|sms)\b/i;
const PICK = /\b(yes|yeah|first|second|third|that one|works|sí|si|primera|segunda|vale)\b/i;
const ORDINALS: [RegExp, number][] = [
  [/\b(second|segunda)\b/i, 1],
  [/\b(third|tercera)\b/i, 2],
];

/** The tools' answers the model remembers: the times offered, and whether a booking went through. */
export function noteToolAnswer(memory: CallerMemory, tool: string, answer: ToolAnswer) {
  if (tool === "check_availability" && answer.ok !== false) memory.offered = Array.isArray(answer.slots) ? (answer.slots as OfferedTime[]) : [];
  if (tool === "book_appointment" && answer.ok !== false) memory.booked = true;
  if (tool === "push_crm_lead" && answer.ok !== false) memory.leadSaved = true;
  if (tool === "send_sms") memory.texted = true;
}

/** The offered time the caller picked: by its order, or by the hour they named, else the first. */
function picked(heard: string, memory: CallerMemory): OfferedTime | null {
  const offered = memory.offered ?? [];
  for (const [pattern, index] of ORDINALS) if (pattern.test(heard) && offered[index]) return offered[index]!;
  const hour = HOUR.exec(heard);
  if (hour) {
    const h = Number(hour[1]) % 12;
    const match = offered.find((time) => new RegExp(`\\b(${h === 0 ? 12 : h}|${h + 12}):${hour[2] ?? "00"}\\b`).test(time.label));
    if (match) return match;
  }
  return offered[0] ?? null;
}

function offerWords(answer: ToolAnswer, es: boolean): string {
  const slots = (Array.isArray(answer.slots) ? answer.slots : []) as OfferedTime[];
  // The tool's note is in English: a Spanish receptionist says it in her own words.
  const note = typeof answer.note === "string" && !es ? `${answer.note} ` : "";
  if (slots.length === 0) return es ? "Lo siento, no hay horas libres para su cita. ¿Quiere que le tome un mensaje?" : `${note}Shall I take a message instead?`;
  const labels = slots.slice(0, 3).map((slot) => slot.label);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} ${es ? "o" : "or"} ${labels.at(-1)}` : labels[0];
  return es ? `Para su cita tengo libre el ${list}. ¿Cuál le viene mejor?` : `${note}I have ${list}. Which would you like?`;
}

/** The time the caller named, on a 24-hour clock ("at 2 pm", "a las 14": "14:00"); an hour without am or pm is read as said. */
function clockOf(said: string): string {
  const [, hour = "9", minutes = "00", meridiem = ""] = HOUR.exec(said) ?? [];
  const h = meridiem.toLowerCase() === "pm" ? (Number(hour) % 12) + 12 : meridiem.toLowerCase() === "am" ? Number(hour) % 12 : Number(hour);
  return `${String(h).padStart(2, "0")}:${minutes}`;
}

/** What a receptionist notes on a booking: what was asked for and when, not the caller's words (their name and number are the booking's). */
function bookingNotes(memory: CallerMemory): string {
  const when = [memory.day, memory.hour || (memory.part ? `in the ${memory.part}` : "")].filter(Boolean).join(" ");
  return `${memory.service || "An appointment"} asked for by phone${when ? `, ${when}` : ""}.`;
}

/** The service argument of the booking tools, when the caller named one. */
const serviceOf = (memory: CallerMemory) => (memory.service ? { service: memory.service } : {});

function namedService(heard: string): string {
  for (const pattern of SERVICE) {
    const named = pattern.exec(heard)?.[1]?.trim();
    if (named && !GENERIC_SERVICE.test(named)) return named;
  }
  return "";
}

function bookingReply(heard: string, memory: CallerMemory, es: boolean, first: string): ScriptedReply | null {
  if (memory.booked) return { say: es ? `Su cita ya está reservada, ${first}. ¿Algo más?` : `You're already booked, ${first}. Anything else?` };
  if (!memory.offered) {
    // A time named is asked for as such (the nearest free times come first), else the part of the day said.
    const when = memory.hour ? { time: clockOf(memory.hour) } : memory.part ? { part_of_day: memory.part } : {};
    return {
      call: "check_availability",
      arguments: { ...serviceOf(memory), ...(memory.day ? { date: memory.day } : {}), ...when },
      then: (answer) => offerWords(answer, es),
    };
  }
  if (!PICK.test(heard) && !HOUR.test(heard)) return null;
  const time = picked(heard, memory);
  if (!time) return null;
  return {
    call: "book_appointment",
    arguments: { name: memory.name, phone: memory.phone, start: time.start, ...serviceOf(memory), notes: bookingNotes(memory) },
    then: es
      ? `Listo, ${first}: su cita es el {{booked_for}}. Su código de confirmación es {{confirmation_code}}. ¡Gracias por llamar!`
      : `You're all set, ${first}: {{booked_for}}. Your confirmation code is {{confirmation_code}}. Thanks for calling!`,
    otherwise: (answer) => {
      memory.offered = (answer.alternatives as OfferedTime[] | undefined) ?? [];
      return `${String(answer.error ?? "")} ${offerWords({ slots: memory.offered }, es)}`.trim();
    },
  };
}

/** A question the caller asked for information (not a booking or a request for a person), if any. */
export function informationQuestion(heard: string): string | null {
  const question = questionIn(heard);
  return question && !BOOKING.test(question) && !PERSON.test(question) ? question : null;
}

/** The words that come next, with the knowledge's answer (or an owner's note: owner-note.ts) said first. */
export function answeredFirst(answer: string, next: ScriptedNext): ScriptedNext {
  if (typeof next === "function") return (output) => answeredFirst(answer, next(output)) as string | ScriptedReply;
  if (typeof next === "string") return `${answer} ${next}`;
  if ("say" in next) return { say: `${answer} ${next.say}` };
  return { ...next, then: answeredFirst(answer, next.then) };
}

const KNOWN_CALLER = /^Returning caller: .*, from (\+\d+)\.$/m;
const KNOWN_NAME = /^Their name: (.+?)\. /m;
const KNOWN_SPANISH = /^They spoke Spanish last time/m;

/**
 * A returning caller the instructions describe (voice/caller-memory.ts): the model knows their name, number and language
 * before they say them, so it asks only for what is missing, and greets them by name in its first answer.
 */
function welcomeBack(memory: CallerMemory, instructions: string): string | null {
  const known = KNOWN_CALLER.exec(instructions);
  if (!known || memory.said.length > 0) return null;
  memory.phone ||= known[1]!;
  memory.name ||= KNOWN_NAME.exec(instructions)?.[1] ?? "";
  memory.spanish ||= KNOWN_SPANISH.test(instructions);
  const first = memory.name.split(" ")[0];
  if (!first) return null;
  return memory.spanish ? `¡Hola de nuevo, ${first}!` : `Welcome back, ${first}!`;
}

/** The text a caller asked for, to the number they gave; a refusal is said as the tool's error. */
function textReply(memory: CallerMemory, es: boolean, first: string): ScriptedReply {
  return {
    call: "send_sms",
    arguments: {
      to: memory.phone,
      body: es
        ? `Hola ${first}, gracias por llamar. Responda a este mensaje y el equipo le contestará.`
        : `Hi ${first}, thanks for calling. Reply to this text and the team will get back to you.`,
    },
    then: es ? `Listo, ${first}: le envié un mensaje de texto. ¿Algo más?` : `Done, ${first}: I've sent you a text. Anything else?`,
  };
}

/** Remembers what the caller said and answers: their question, then a tool call with what is needed, or a question for what is missing. */
export function answerCaller(heard: string, memory: CallerMemory, session: { instructions: string; tools: string[] }): ScriptedReply {
  const welcome = welcomeBack(memory, session.instructions);
  const reply = replyTo(heard, memory, session);
  return welcome ? (answeredFirst(welcome, reply) as ScriptedReply) : reply;
}

function replyTo(heard: string, memory: CallerMemory, session: { instructions: string; tools: string[] }): ScriptedReply {
  if (PERSON.test(heard) && session.tools.includes("transfer_call")) {
    memory.said.push(heard);
    memory.spanish ||= SPANISH.test(heard);
    return {
      call: "transfer_call",
      arguments: { reason: heard.slice(0, 120) },
      then: memory.spanish ? "Claro, le paso con alguien del equipo ahora mismo." : "Of course, I'm connecting you with a team member now.",
    };
  }
  const reply = receptionistReply(heard, memory, session);
  const question = informationQuestion(heard);
  if (!question) return reply;
  // Knowledge beyond the instructions' budget is looked up first (issue 39 §3), then answered by the same rule.
  if (session.tools.includes("lookup_knowledge"))
    return {
      call: "lookup_knowledge",
      arguments: { query: question },
      then: (found) => answeredFirst(answerFromSections(question, found), reply) as ScriptedReply,
    };
  return answeredFirst(answerFromKnowledge(question, session.instructions), reply) as ScriptedReply;
}

/** What a receptionist does next with what the caller has told her so far. */
function receptionistReply(heard: string, memory: CallerMemory, session: { instructions: string; tools: string[] }): ScriptedReply {
  memory.said.push(heard);
  memory.spanish ||= SPANISH.test(heard);
  // The name said on this call wins over the one remembered from an earlier call from the number.
  memory.name = NAME.exec(heard)?.[1] ?? memory.name;
  memory.phone ||= PHONE.exec(heard)?.[0].replace(/[^\d+]/g, "") ?? "";
  memory.booking ||= BOOKING.test(heard);
  memory.service ||= namedService(heard);
  memory.urgent ||= URGENT.test(heard);
  memory.wantsText ||= TEXT_ME.test(heard);
  memory.day ||= DAY.exec(heard)?.[1] ?? "";
  const hour = HOUR.exec(heard);
  if (hour) memory.hour = hour[0];
  const part = PART.exec(heard);
  if (part) memory.part = part[1]?.toLowerCase() ?? PART_OF_DAY[part[2]!.toLowerCase()]!;
  const es = memory.spanish;
  const first = memory.name.split(" ")[0] ?? "";
  if (!memory.name || !memory.phone) {
    if (informationQuestion(heard))
      return { say: es ? "¿Me deja su nombre y su número, para que el equipo le llame?" : "Can I take your name and number, so the team can follow up?" };
    // Only what is missing is asked for: a caller who gave their name is asked for their number.
    if (memory.name)
      return { say: es ? `Gracias, ${first}. ¿Me da su número de teléfono, por favor?` : `Thanks, ${first}. What's the best number to reach you?` };
    return {
      say: es ? "¡Claro! ¿Me puede dar su nombre y su número de teléfono, por favor?" : "Of course. Could I have your name and the best number to reach you?",
    };
  }
  if (memory.wantsText && !memory.texted && session.tools.includes("send_sms")) return textReply(memory, es, first);
  const closed = session.instructions.includes("The business is closed right now");
  const notes = memory.said.join(" ").slice(0, 200);
  // Closed, the model books only when its instructions say bookings are still taken; else it takes a message.
  const books = !closed || session.instructions.includes(BOOKS_AFTER_HOURS);
  if (memory.booking && books && session.tools.includes("check_availability")) {
    const reply = bookingReply(heard, memory, es, first);
    if (reply) return reply;
  }
  if (session.tools.includes("push_crm_lead") && !memory.leadSaved) {
    return {
      call: "push_crm_lead",
      arguments: { name: memory.name, phone: memory.phone, intent: memory.said[0]?.slice(0, 80) ?? "", notes: `${memory.urgent ? "URGENT. " : ""}${notes}` },
      then: es
        ? `Gracias, ${first}. Le pasé su mensaje al equipo; le llamarán ${closed ? "por la mañana" : "pronto"}.`
        : `Thanks, ${first}. I've passed your message to the team; they'll call you back ${closed ? "first thing in the morning" : "soon"}.`,
    };
  }
  return { say: es ? `Gracias, ${first}. Alguien del equipo le llamará.` : `Thanks, ${first}. Someone from the team will call you back.` };
}
