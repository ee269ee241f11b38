/**
 * The simulated Realtime model's answer to what a caller said (offline Test Suite runs): a few rules a receptionist
 * follows, in the caller's language, using only the tools the session enabled, and questions answered from the
 * instructions' knowledge (knowledge-answer.ts). Deterministic, so a scenario's result says whether the product around
 * the model works: the webhook, the bridge, the prompt and knowledge, the tools, the post-call pipeline.
 */
import { answerFromKnowledge, questionIn } from "./knowledge-answer";
import type { ScriptedTurn } from "./scripted-turn";

/** What the caller has said so far in this call. */
export interface CallerMemory {
  name: string;
  phone: string;
  when: string;
  spanish: boolean;
  urgent: boolean;
  booking: boolean;
  said: string[];
}

export const newCallerMemory = (): CallerMemory => ({ name: "", phone: "", when: "", spanish: false, urgent: false, booking: false, said: [] });

const SPANISH = /\b(hola|quiero|necesito|cita|gracias|llamo|soy|mañana|número|por favor)\b/i;
const NAME = /\b(?:this is|my name is|I'm|I am|soy|me llamo)\s+([A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?: [A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)?)/;
const PHONE = /\+?\d[\d\s().-]{8,}\d/;
const BOOKING = /\b(book|appointment|schedule|visit|cita|reservar|agendar)\b/i;
const WHEN = /\b(today|tomorrow|hoy|mañana|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[^.!?]*?\b(\d{1,2}(?::\d\d)?\s*(?:am|pm)?)/i;
const URGENT = /\b(urgent|emergency|flood(?:ing)?|urgente|emergencia)\b/i;
const PERSON =
  /\b(?:speak|talk) (?:to|with) (?:a |an |the |someone|somebody)?(?:person|human|someone|somebody|manager|owner|team member)|\b(?:transfer|put) me through\b|\bhablar con (?:una persona|alguien)/i;

type Reply = ScriptedTurn["reply"];

/** A question asked (not a booking or a request for a person) gets its answer from the knowledge first. */
function withAnswer(heard: string, session: { instructions: string }, reply: Reply): Reply {
  const question = questionIn(heard);
  if (!question || BOOKING.test(question) || PERSON.test(question)) return reply;
  const answer = answerFromKnowledge(question, session.instructions);
  return "say" in reply ? { say: `${answer} ${reply.say}` } : { ...reply, then: `${answer} ${reply.then}` };
}

/** Remembers what the caller said and answers: their question, then a tool call with what is needed, or a question for what is missing. */
export function answerCaller(heard: string, memory: CallerMemory, session: { instructions: string; tools: string[] }): Reply {
  memory.said.push(heard);
  const es = SPANISH.test(heard) || memory.spanish;
  if (PERSON.test(heard) && session.tools.includes("transfer_call")) {
    memory.spanish = es;
    return {
      call: "transfer_call",
      arguments: { reason: heard.slice(0, 120) },
      then: es ? "Claro, le paso con alguien del equipo ahora mismo." : "Of course, I'm connecting you with a team member now.",
    };
  }
  const reply = receptionistReply(heard, memory, session);
  return withAnswer(heard, session, reply);
}

/** What a receptionist does next with what the caller has told her so far. */
function receptionistReply(heard: string, memory: CallerMemory, session: { instructions: string; tools: string[] }): Reply {
  memory.spanish ||= SPANISH.test(heard);
  memory.name ||= NAME.exec(heard)?.[1] ?? "";
  memory.phone ||= PHONE.exec(heard)?.[0].replace(/[^\d+]/g, "") ?? "";
  memory.booking ||= BOOKING.test(heard);
  memory.urgent ||= URGENT.test(heard);
  const when = WHEN.exec(heard);
  if (when) memory.when = `${when[1]} ${when[2]}`;
  const es = memory.spanish;
  const first = memory.name.split(" ")[0] ?? "";
  if (!memory.name || !memory.phone) {
    if (questionIn(heard) && !BOOKING.test(heard) && !PERSON.test(heard))
      return { say: es ? "¿Me deja su nombre y su número, para que el equipo le llame?" : "Can I take your name and number, so the team can follow up?" };
    return {
      say: es ? "¡Claro! ¿Me puede dar su nombre y su número de teléfono, por favor?" : "Of course. Could I have your name and the best number to reach you?",
    };
  }
  const closed = session.instructions.includes("The business is closed right now");
  const notes = memory.said.join(" ").slice(0, 200);
  if (memory.booking && memory.when && !closed && session.tools.includes("book_appointment")) {
    return {
      call: "book_appointment",
      arguments: { name: memory.name, phone: memory.phone, date_time: memory.when, notes },
      then: es ? `Listo, ${first}: su cita es ${memory.when}. ¡Gracias por llamar!` : `You're all set, ${first}: ${memory.when}. Thanks for calling!`,
    };
  }
  if (memory.booking && !memory.when && !closed) return { say: es ? "¿Para qué día y hora le gustaría la cita?" : "What day and time would suit you?" };
  if (session.tools.includes("push_crm_lead")) {
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
