/**
 * The appointment commands: every booking, move and cancellation, whoever makes it (the business by hand, a caller on
 * a call or on the manage page, a connected calendar, a Test Suite call), goes through `book`, `reschedule` or `cancel`
 * here and nothing else. Each checks and stores the change (store.ts), then follows it up once (follow-up.ts: audit,
 * calendar copies, text, live event). A Test Suite actor is a dry run: the same checks, nothing stored or sent, and
 * the result says what would have been (dry-run.ts).
 */
import type { Interval, SlotProblem } from "@nikki/core";
import { bookingDepsOf } from "../booking-deps";
import type { BookingContext } from "../context";
import { type TextOutcome, appointmentTextFor } from "../notify";
import {
  type AppointmentRow,
  bookAppointment,
  cancelAppointment,
  checkSlot,
  moveCheck,
  newAppointmentValues,
  rescheduleAppointment,
  timesOfMove,
} from "../store";
import { type Actor, type BookingActor, type MovingActor, heldToNotice, sourceOf } from "./actor";
import { type DryRun, unsavedAppointment, wouldConfirm } from "./dry-run";
import { type CommandDeps, followUp } from "./follow-up";

export type { Actor, BookingActor, CalendarActor, CallerActor, ManagePageActor, MemberActor, MovingActor, TestSuiteActor } from "./actor";
export type { CommandDeps } from "./follow-up";

export type CommandRefusal = { ok: false; problem: SlotProblem | "canceled"; alternatives: Interval[] };

export interface CommandDone {
  ok: true;
  /** As stored; for a dry run, as it would have been. */
  appointment: AppointmentRow;
  /** What became of the text to the booked person (notify.ts's outcome, passed through); null on a dry run. */
  text: TextOutcome | null;
  dryRun: DryRun | null;
}

export type CommandResult = CommandDone | CommandRefusal;

/** The appointment is canceled already: there is nothing left to move or cancel. */
const ALREADY_CANCELED: CommandRefusal = { ok: false, problem: "canceled", alternatives: [] };

export interface BookingRequest {
  start: Date;
  name: string;
  phone: string;
  notes: string | null;
}

export async function book(deps: CommandDeps, actor: BookingActor, context: BookingContext, request: BookingRequest): Promise<CommandResult> {
  const bookingDeps = bookingDepsOf(deps.services);
  const options = { notice: heldToNotice(actor) };
  const wanted = { ...request, source: sourceOf(actor), callId: actor.kind === "member" ? null : actor.callId };
  if (actor.kind === "test_suite") {
    const check = await checkSlot(bookingDeps, context, request.start, options);
    if (!check.ok) return check;
    const row = unsavedAppointment(await newAppointmentValues(bookingDeps, context, wanted));
    return { ok: true, appointment: row, text: null, dryRun: { text: wouldConfirm(deps.services.config, row, context.organizationName) } };
  }
  const outcome = await bookAppointment(bookingDeps, context, wanted, options);
  if (!outcome.ok) return outcome;
  const text = await followUp(deps, actor, outcome.appointment, "booked", context);
  return { ok: true, appointment: outcome.appointment, text, dryRun: null };
}

/** Moves a booked appointment to `start`, keeping its length and buffer. */
export async function reschedule(deps: CommandDeps, actor: MovingActor, context: BookingContext, row: AppointmentRow, start: Date): Promise<CommandResult> {
  const bookingDeps = bookingDepsOf(deps.services);
  const options = { notice: heldToNotice(actor) };
  if (actor.kind === "test_suite") {
    if (row.status !== "booked") return ALREADY_CANCELED;
    const check = moveCheck(row, options);
    const slot = await checkSlot(bookingDeps, context, start, check);
    if (!slot.ok) return slot;
    const moved = { ...row, ...timesOfMove(check, start), timeZone: context.agent.timeZone };
    return {
      ok: true,
      appointment: moved,
      text: null,
      dryRun: { text: await appointmentTextFor(deps.services, moved, "rescheduled", context.organizationName) },
    };
  }
  const outcome = await rescheduleAppointment(bookingDeps, context, row, start, options);
  if (!outcome.ok) return outcome;
  const text = await followUp(deps, actor, outcome.appointment, "rescheduled", context, row);
  return { ok: true, appointment: outcome.appointment, text, dryRun: null };
}

/** Cancels a booked appointment, freeing its time; refused as `canceled` when it already was. */
export async function cancel(deps: CommandDeps, actor: Actor, row: AppointmentRow): Promise<CommandResult> {
  if (actor.kind === "test_suite") {
    if (row.status !== "booked") return ALREADY_CANCELED;
    const canceled = { ...row, status: "canceled" as const, canceledAt: new Date() };
    return { ok: true, appointment: canceled, text: null, dryRun: { text: await appointmentTextFor(deps.services, canceled, "canceled") } };
  }
  const canceled = await cancelAppointment(deps.services.db, row);
  if (!canceled) return ALREADY_CANCELED;
  const text = await followUp(deps, actor, canceled, "canceled");
  return { ok: true, appointment: canceled, text, dryRun: null };
}
