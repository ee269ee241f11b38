/**
 * The call's booking tools (issue 35 §3): check_availability offers only free times, with a label to read back and the
 * day the caller named resolved on the server; book_appointment re-checks the time and books it, or says why not and
 * what is free instead. Offers and bookings are the call's effects: a Test Suite call's are dry runs, recorded.
 */
import {
  PARTS_OF_DAY,
  type PartOfDay,
  addDays,
  dateLabel,
  freeSlots,
  horizonDate,
  isoInZone,
  labelLanguageOf,
  localParts,
  parseInstant,
  partOfDay,
  resolveLocalDate,
  slotLabel,
  slotProblemMessage,
  zonedInstant,
} from "@nikki/core";
import { bookingDepsOf } from "../../appointments/booking-deps";
import { type BookingContext, bookingContext } from "../../appointments/context";
import { availabilityNow } from "../../appointments/store";
import { CALLER_PROPERTIES, type CallTool, type ToolCall, type ToolDeps, type ToolOutput, person, text } from "./context";

const OFFERED = 5;
const NOT_SET_UP = "Booking is not set up for this business. Offer to take a message instead.";

/**
 * The call's booking context: its agent's hours, the service the caller named (or the agent's first), in the caller's
 * language once it is known (the labels read out, and the booking's texts and manage page).
 */
export async function callContext(deps: ToolDeps, call: ToolCall, serviceName: string): Promise<BookingContext | null> {
  const context = await bookingContext(deps.db, call.organizationId, { agentId: call.agentId, serviceName: serviceName || null });
  if ("problem" in context) return null;
  return call.callerLanguage ? { ...context, agent: { ...context.agent, language: call.callerLanguage } } : context;
}

/** Slots as the model reads them: the start to pass back, and the label to say. */
export function offered(context: BookingContext, slots: { start: Date }[]) {
  const language = labelLanguageOf(context.agent.language);
  return slots.map((slot) => ({ start: isoInZone(context.agent.timeZone, slot.start), label: slotLabel(slot.start, context.agent.timeZone, language) }));
}

function dayNote(context: BookingContext, date: string, today: string, horizon: string): string {
  const day = dateLabel(date, labelLanguageOf(context.agent.language));
  if (date < today) return `${day} has already passed.`;
  if (date > horizon) return `${day} is too far ahead: bookings open ${context.rules.horizonDays} days in advance.`;
  if (context.rules.closedDates.includes(date)) return `The business is closed on ${day}.`;
  return `Nothing is free on ${day}.`;
}

/** "10:00", "9:30" or "14" as minutes after midnight; null when it is no time of day. */
export function clockMinutes(said: string): number | null {
  const clock = /^(\d{1,2})(?::(\d{2}))?$/.exec(said.trim());
  if (!clock) return null;
  const [hours, minutes] = [Number(clock[1]), Number(clock[2] ?? 0)];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * The free times of the first day that has any, nearest the asked time first (the earlier of two as near): a caller who
 * asks for 10:00 hears 10:00, or 9:45 and 10:15, not the day's first times.
 */
function nearestFirst<T extends { start: Date }>(free: T[], zone: string, asked: number): T[] {
  // Each slot's wall time read once (Intl), not again at every comparison of the sort.
  const local = free.map((slot) => ({ slot, ...localParts(zone, slot.start) }));
  const day = local[0]?.date;
  return local
    .filter((entry) => entry.date === day)
    .sort((a, b) => Math.abs(a.minutes - asked) - Math.abs(b.minutes - asked) || a.slot.start.getTime() - b.slot.start.getTime())
    .map((entry) => entry.slot);
}

export const checkAvailability: CallTool = {
  description:
    "Find free appointment times. Always call it before offering or booking a time. Give the day as the caller said it ('tomorrow', 'next Tuesday', 'mañana') or as YYYY-MM-DD; the answer says which date that is and lists up to 5 free times, each with a start and a label to read out.",
  parameters: {
    type: "object",
    properties: {
      service: { type: "string", description: "The service the caller wants, when the business offers several" },
      date: { type: "string", description: "The day the caller asked for, in their words or as YYYY-MM-DD; leave out for the soonest times" },
      part_of_day: { type: "string", enum: [...PARTS_OF_DAY], description: "Morning, afternoon or evening, if the caller said" },
      time: {
        type: "string",
        description: "The time the caller asked for, as HH:MM on a 24-hour clock, if they named one: the free times nearest it come first",
      },
    },
    required: [],
  },
  async run(args, call, deps) {
    const context = await callContext(deps, call, text(args, "service"));
    if (!context) return { ok: false, error: NOT_SET_UP };
    const zone = context.agent.timeZone;
    const now = new Date();
    const asked = text(args, "date");
    const date = asked ? resolveLocalDate(asked, zone, now) : null;
    if (asked && !date) return { ok: false, error: "I could not tell which day that is. Ask the caller for the day again and pass it as YYYY-MM-DD." };
    const time = text(args, "time");
    const askedMinutes = time ? clockMinutes(time) : null;
    if (time && askedMinutes === null) return { ok: false, error: "I could not tell which time that is. Pass the time the caller asked for as HH:MM." };
    // A time asked for wins over a part of the day: 11:45 asked, 12:00 free is the nearest, though afternoon.
    const part =
      askedMinutes === null && (PARTS_OF_DAY as readonly string[]).includes(text(args, "part_of_day")) ? (text(args, "part_of_day") as PartOfDay) : null;
    const input = await availabilityNow(bookingDepsOf(deps.services), context, { notice: true });
    const fits = (slot: { start: Date }) => !part || partOfDay(slot.start, zone) === part;
    const search = (from?: Date, to?: Date) => {
      const free = freeSlots(input, { from, to, limit: 200 }).filter(fits);
      return askedMinutes === null ? free.slice(0, OFFERED) : nearestFirst(free, zone, askedMinutes).slice(0, OFFERED);
    };
    let slots = date ? search(zonedInstant(zone, date, 0), zonedInstant(zone, addDays(date, 1), 0)) : search();
    let note: string | null = null;
    if (date && slots.length === 0) {
      note = dayNote(context, date, localParts(zone, now).date, horizonDate(input));
      slots = date >= localParts(zone, now).date ? search(zonedInstant(zone, addDays(date, 1), 0)) : search();
      if (slots.length === 0) slots = search();
      note += slots.length ? " These are the next free times." : "";
    }
    const first = slots[0];
    if (askedMinutes !== null && first && !note) {
      const { date: day, minutes } = localParts(zone, first.start);
      if (minutes !== askedMinutes) note = `${slotLabel(zonedInstant(zone, day, askedMinutes), zone)} is not free: these are the nearest free times.`;
    }
    if (slots.length === 0) note = `${note ?? ""} There are no free times in the next ${context.rules.horizonDays} days: offer to take a message.`.trim();
    const times = offered(context, slots);
    await deps.effects.offered(slots.map((slot, index) => ({ start: slot.start, end: slot.end, label: times[index]!.label })));
    return {
      ok: true,
      service: context.service.name,
      date,
      date_label: date ? dateLabel(date, labelLanguageOf(context.agent.language)) : null,
      slots: times,
      ...(note ? { note } : {}),
      instructions: "Offer these times by their labels. Book only one of them, passing its start unchanged.",
    };
  },
};

/** The model's start: ISO with an offset, or wall time in the business's zone. */
export function startOf(args: Record<string, unknown>, context: BookingContext): Date | null {
  return parseInstant(text(args, "start"), context.agent.timeZone);
}

export function refusal(context: BookingContext, problem: Parameters<typeof slotProblemMessage>[0], alternatives: { start: Date }[]): ToolOutput {
  const times = offered(context, alternatives);
  return {
    ok: false,
    error: `${slotProblemMessage(problem, context.rules)} ${times.length ? "Offer the caller these free times instead." : "Offer to take a message."}`,
    alternatives: times,
  };
}

export const bookTool: CallTool = {
  description:
    "Book one of the free times check_availability offered, once the caller has chosen it and you have their name and phone number. Read the answer's label and confirmation code back to the caller.",
  parameters: {
    type: "object",
    properties: {
      ...CALLER_PROPERTIES,
      start: { type: "string", description: "The start of the chosen time, exactly as check_availability gave it" },
      service: { type: "string", description: "The service, when the business offers several" },
      notes: { type: "string", description: "What the appointment is for" },
    },
    required: ["name", "phone", "start"],
  },
  async run(args, call, deps) {
    const who = person(args, call, "book");
    if ("ok" in who) return who;
    const context = await callContext(deps, call, text(args, "service"));
    if (!context) return { ok: false, error: NOT_SET_UP };
    const start = startOf(args, context);
    if (!start) return { ok: false, error: "Pass the start of one of the times check_availability returned, unchanged." };
    const notes = text(args, "notes").slice(0, 500) || null;
    const outcome = await deps.effects.book(context, { start, name: who.name, phone: who.phone, notes });
    if (!outcome.ok) return outcome.problem === "canceled" ? { ok: false, error: NOT_SET_UP } : refusal(context, outcome.problem, outcome.alternatives);
    const row = outcome.appointment;
    return {
      ok: true,
      appointment_id: row.id,
      booked_for: slotLabel(row.startAt, row.timeZone, labelLanguageOf(row.language)),
      start: isoInZone(row.timeZone, row.startAt),
      confirmation_code: row.confirmationCode,
      // No text was tried on a dry run (a Test Suite call): nothing to say of it.
      ...(outcome.text ? { texted: outcome.text === "sent" } : {}),
      instructions: "Read the booked time and the confirmation code back to the caller and confirm.",
    };
  },
};
