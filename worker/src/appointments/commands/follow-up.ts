/**
 * What follows every booking, move and cancellation that was made, in this order: the audit entry naming who made it,
 * the copies in every connected calendar, the text to the booked person, the owner's e-mail when the booked person
 * made it on their manage page, and the organization's open dashboards.
 */
import type { AppointmentTextKind } from "@nikki/core";
import { writeAudit } from "../../audit";
import type { Logger } from "../../logger";
import type { Services } from "../../services";
import { copyToCalendars } from "../calendar-copies";
import type { BookingContext } from "../context";
import { type TextOutcome, textAboutAppointment } from "../notify";
import type { AppointmentRow } from "../store";
import { type Actor, type TestSuiteActor, auditEntryOf } from "./actor";
import { alertOwnerOfManageChange } from "./owner-alert";

export type AppointmentChange = "booked" | "rescheduled" | "canceled";

const TEXT_OF: Record<AppointmentChange, AppointmentTextKind> = { booked: "confirmed", rescheduled: "rescheduled", canceled: "canceled" };
const AUDIT_OF = { booked: "appointment_created", rescheduled: "appointment_rescheduled", canceled: "appointment_canceled" } as const;

export interface CommandDeps {
  services: Services;
  log: Logger;
}

/**
 * The number a text goes from: a caller's from the settings' sender, else the number they called; anyone else's as
 * notify.ts chooses. `context`: the booking's, when the command read it (its business name and dashboards come along).
 */
const textFrom = (actor: Actor, context?: BookingContext) => (actor.kind === "caller" ? (context?.smsSenderNumber ?? actor.businessNumber) : undefined);

export async function followUp(
  deps: CommandDeps,
  actor: Exclude<Actor, TestSuiteActor>,
  row: AppointmentRow,
  change: AppointmentChange,
  context?: BookingContext,
  /** A move's appointment as it was. */
  before?: AppointmentRow,
): Promise<TextOutcome> {
  const { services, log } = deps;
  await writeAudit(services.db, log, auditEntryOf(actor, AUDIT_OF[change], row));
  await copyToCalendars(services, log, row, actor.kind === "calendar" ? actor.provider : undefined);
  const text = await textAboutAppointment(services, row, TEXT_OF[change], { from: textFrom(actor, context), business: context?.organizationName, log });
  if (actor.kind === "manage_page" && change !== "booked") await alertOwnerOfManageChange(services, log, row, change, before);
  if (context?.dashboardsOpen !== false) await services.publishAppointment(row.organizationId, { id: row.id, status: row.status });
  return text;
}
