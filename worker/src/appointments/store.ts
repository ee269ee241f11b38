/**
 * Booking, moving and canceling an appointment (issue 35 §3–4). A time is checked against core's availability first,
 * so a caller hears why it cannot be booked and what can; the database then has the last word: its triggers refuse a
 * booked row that overlaps another (migration 0020), so of two requests racing for one time exactly one is kept and
 * the other answers `taken` with fresh alternatives. Nothing here reads then writes to decide a race.
 */
import { CONFIRMATION_CODE_ALPHABET, type Interval, type SlotProblem, freeSlots, slotProblem } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { inOneTrip } from "../db/one-trip";
import { appointmentCalendarCopies, appointments } from "../db/schema";
import { type BookingContext, availabilityInput, heldIntervals } from "./context";
import { manageToken, tokenHash } from "./manage-link";

export type AppointmentRow = typeof appointments.$inferSelect;

export interface BookingDeps {
  db: Database;
  /** AUTH_SECRET: manage links are made from it. */
  secret: string;
  /** The busy blocks of the organization's connected calendars in a window (none from one that is down). */
  calendarBusy(organizationId: string, window: Interval): Promise<Interval[]>;
}

export type SlotRefusal = { ok: false; problem: SlotProblem; alternatives: Interval[] };
export type SlotCheck = { ok: true } | SlotRefusal;
export type BookingOutcome = { ok: true; appointment: AppointmentRow } | SlotRefusal | { ok: false; problem: "canceled"; alternatives: Interval[] };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const ALTERNATIVES = 5;

export interface CheckOptions {
  now?: Date;
  /** Callers (a call, the manage page) give the organization's notice; the business booking by hand does not. */
  notice: boolean;
  /** An appointment being moved: its own time is not in the way. */
  exceptId?: string;
  durationMinutes?: number;
  bufferMinutes?: number;
}

/** Core's input with the held bookings and busy blocks from now to just past the horizon. */
export async function availabilityNow(deps: BookingDeps, context: BookingContext, options: CheckOptions) {
  const now = options.now ?? new Date();
  const window = { start: new Date(now.getTime() - DAY_MS), end: new Date(now.getTime() + (context.rules.horizonDays + 2) * DAY_MS) };
  const [held, busy] = await Promise.all([heldIntervals(deps.db, context.organizationId, window), deps.calendarBusy(context.organizationId, window)]);
  // The one being moved is left out of the held time, and its calendar copy with the others'.
  return availabilityInput(context, { held: held.filter((own) => own.id !== options.exceptId), busy: withoutOwnCopies(busy, held) }, now, options);
}

/** A calendar lists our own bookings as busy too; a block that is exactly one of them is that copy, not a conflict. */
function withoutOwnCopies(busy: Interval[], held: Interval[]): Interval[] {
  return busy.filter((block) => !held.some((own) => own.start.getTime() === block.start.getTime()));
}

/** Free times near a requested one: from a little before it, else the soonest. */
export function alternativesNear(input: ReturnType<typeof availabilityInput>, start: Date): Interval[] {
  const near = freeSlots(input, { from: new Date(start.getTime() - 2 * 60 * MINUTE_MS), limit: ALTERNATIVES });
  return near.length > 0 ? near : freeSlots(input, { limit: ALTERNATIVES });
}

/** A six-character confirmation code without look-alike characters (rejection sampling, so no character is likelier). */
export function confirmationCode(): string {
  const alphabet = CONFIRMATION_CODE_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let code = "";
  while (code.length < 6) {
    for (const byte of crypto.getRandomValues(new Uint8Array(12))) {
      if (byte < limit && code.length < 6) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) parts.push(current.message);
  return parts.join(" | ");
}
/** The database refused an overlap: the triggers' `slot_taken`, or the unique index on a booked start. */
export const isSlotTaken = (error: unknown) => /slot_taken|appointments\.organization_id, appointments\.start_at/.test(messagesOf(error));
const isCodeTaken = (error: unknown) => /appointments\.confirmation_code/.test(messagesOf(error));

export interface NewAppointment {
  start: Date;
  name: string;
  phone: string;
  notes: string | null;
  source: AppointmentRow["source"];
  callId?: string | null;
}

/** Whether `start` may be booked now: the one check every booking and move makes, a Test Suite's dry run included. */
export async function checkSlot(deps: BookingDeps, context: BookingContext, start: Date, options: CheckOptions): Promise<SlotCheck> {
  const input = await availabilityNow(deps, context, options);
  const problem = slotProblem(input, start);
  return problem ? { ok: false, problem, alternatives: alternativesNear(input, start) } : { ok: true };
}

/** A move is checked with the appointment's own length and buffer, its own time not in the way. */
export function moveCheck(
  row: AppointmentRow,
  options: Pick<CheckOptions, "now" | "notice">,
): CheckOptions & Required<Pick<CheckOptions, "durationMinutes" | "bufferMinutes">> {
  const durationMinutes = Math.round((row.endAt.getTime() - row.startAt.getTime()) / MINUTE_MS);
  const bufferMinutes = Math.round((row.busyUntil.getTime() - row.endAt.getTime()) / MINUTE_MS);
  return { ...options, exceptId: row.id, durationMinutes, bufferMinutes };
}

/** Where a move puts an appointment: `start`, and its end and buffer after it as they were. */
export function timesOfMove(check: ReturnType<typeof moveCheck>, start: Date) {
  const endAt = new Date(start.getTime() + check.durationMinutes * MINUTE_MS);
  return { startAt: start, endAt, busyUntil: new Date(endAt.getTime() + check.bufferMinutes * MINUTE_MS) };
}

/** The row a booking of `request.start` writes (its confirmation code apart): a dry run reads it without writing it. */
export async function newAppointmentValues(deps: BookingDeps, context: BookingContext, request: NewAppointment) {
  const { service, agent } = context;
  const id = crypto.randomUUID();
  const end = new Date(request.start.getTime() + service.durationMinutes * MINUTE_MS);
  return {
    id,
    organizationId: context.organizationId,
    serviceId: service.id,
    serviceName: service.name,
    agentId: agent.id,
    callId: request.callId ?? null,
    name: request.name,
    phone: request.phone,
    notes: request.notes,
    startAt: request.start,
    endAt: end,
    busyUntil: new Date(end.getTime() + service.bufferMinutes * MINUTE_MS),
    timeZone: agent.timeZone,
    language: agent.language,
    source: request.source,
    manageTokenHash: await tokenHash(await manageToken(deps.secret, id)),
  };
}

/** Books `request.start` if it is free. */
export async function bookAppointment(deps: BookingDeps, context: BookingContext, request: NewAppointment, options: CheckOptions): Promise<BookingOutcome> {
  const check = await checkSlot(deps, context, request.start, options);
  if (!check.ok) return check;
  const values = await newAppointmentValues(deps, context, request);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await deps.db
        .insert(appointments)
        .values({ ...values, confirmationCode: confirmationCode() })
        .returning();
      return { ok: true, appointment: row! };
    } catch (error) {
      if (isSlotTaken(error)) return taken(deps, context, request.start, options);
      if (!isCodeTaken(error) || attempt >= 3) throw error;
    }
  }
}

async function taken(deps: BookingDeps, context: BookingContext, start: Date, options: CheckOptions): Promise<BookingOutcome> {
  return { ok: false, problem: "taken", alternatives: alternativesNear(await availabilityNow(deps, context, options), start) };
}

/**
 * A move or cancellation marks the appointment's calendar copies pending in the same write (one transaction), so a
 * request cut short after it still has them brought in line, by the cron (appointments/calendar-sync.ts).
 */
const copiesDue = (db: Database, appointmentId: string) =>
  db.update(appointmentCalendarCopies).set({ state: "pending" }).where(eq(appointmentCalendarCopies.appointmentId, appointmentId));

/** Moves a booked appointment to `start`, keeping its length and buffer; its reminder is due again. */
export async function rescheduleAppointment(
  deps: BookingDeps,
  context: BookingContext,
  row: AppointmentRow,
  start: Date,
  options: Omit<CheckOptions, "exceptId" | "durationMinutes" | "bufferMinutes">,
): Promise<BookingOutcome> {
  const check = moveCheck(row, options);
  const slot = await checkSlot(deps, context, start, check);
  if (!slot.ok) return slot;
  try {
    const [[moved]] = await inOneTrip(deps.db, [
      deps.db
        .update(appointments)
        .set({ ...timesOfMove(check, start), timeZone: context.agent.timeZone, reminderSentAt: null, updatedAt: new Date() })
        .where(and(eq(appointments.id, row.id), eq(appointments.status, "booked")))
        .returning(),
      copiesDue(deps.db, row.id),
    ]);
    return moved ? { ok: true, appointment: moved } : { ok: false, problem: "canceled", alternatives: [] };
  } catch (error) {
    if (isSlotTaken(error)) return taken(deps, context, start, check);
    throw error;
  }
}

/** Cancels a booked appointment, freeing its time; null when it was already canceled. */
export async function cancelAppointment(db: Database, row: AppointmentRow): Promise<AppointmentRow | null> {
  const [[canceled]] = await inOneTrip(db, [
    db
      .update(appointments)
      .set({ status: "canceled", canceledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(appointments.id, row.id), eq(appointments.status, "booked")))
      .returning(),
    copiesDue(db, row.id),
  ]);
  return canceled ?? null;
}
