/**
 * Who makes a booking change, which decides what the change is held to and how it is recorded: the business by hand is
 * not held to its own notice, callers are; a Test Suite call is a dry run; a calendar only cancels (its copy was deleted
 * there). The audit entry names the actor as each entry point always has.
 */
import type { AuditEntry } from "../../audit";
import type { CalendarProvider } from "../../services/calendars/calendar";
import type { AppointmentRow } from "../store";

/** An owner or admin in the dashboard. */
export interface MemberActor {
  kind: "member";
  userId: string;
  email: string;
  ip: string | null;
}

/** A caller on a call, which the booking's texts come from (the number they called). */
export interface CallerActor {
  kind: "caller";
  callId: string;
  businessNumber: string;
}

/** The booked person on their manage page. */
export interface ManagePageActor {
  kind: "manage_page";
  ip: string | null;
}

/** A connected calendar whose copy the business deleted there. */
export interface CalendarActor {
  kind: "calendar";
  provider: CalendarProvider;
}

/** A Test Suite call: checked as a real one is, nothing done. */
export interface TestSuiteActor {
  kind: "test_suite";
  callId: string;
}

export type Actor = MemberActor | CallerActor | ManagePageActor | CalendarActor | TestSuiteActor;
export type BookingActor = MemberActor | CallerActor | TestSuiteActor;
export type MovingActor = Exclude<Actor, CalendarActor>;

/** Callers (on a call or the manage page) are held to the organization's notice; the business is not. */
export const heldToNotice = (actor: Actor) => actor.kind !== "member";

export const sourceOf = (actor: BookingActor): AppointmentRow["source"] => (actor.kind === "member" ? "dashboard" : "call");

type ChangeAction = "appointment_created" | "appointment_rescheduled" | "appointment_canceled";

/** The audit entry of a change, naming the actor. */
export function auditEntryOf(actor: Exclude<Actor, TestSuiteActor>, action: ChangeAction, row: AppointmentRow): AuditEntry & { ip?: string | null } {
  const base = { action, organizationId: row.organizationId, target: row.id };
  const start = row.startAt.toISOString();
  switch (actor.kind) {
    case "member":
      return { ...base, actorUserId: actor.userId, actorEmail: actor.email, ip: actor.ip, details: { start, source: "dashboard" } };
    case "caller":
      return { ...base, details: { start, source: "call", call_id: actor.callId } };
    case "manage_page":
      return { ...base, ip: actor.ip, details: { start, source: "manage_page" } };
    case "calendar":
      return { ...base, details: { start, source: actor.provider } };
  }
}
