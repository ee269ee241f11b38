/**
 * A Test Suite call's booking changes are dry runs: checked as a real one is, then described instead of done. These
 * build what a change would have made, so the call's tools record it as the test's effect.
 */
import { appointmentText, labelLanguageOf, slotLabel } from "@nikki/core";
import type { Config } from "../../env";
import { type AppointmentRow, confirmationCode, type newAppointmentValues } from "../store";

/** What a dry run did not do: the text it would have sent the booked person. */
export interface DryRun {
  text: string;
}

/** The appointment a booking would have stored. */
export function unsavedAppointment(values: Awaited<ReturnType<typeof newAppointmentValues>>): AppointmentRow {
  const now = new Date();
  return {
    ...values,
    status: "booked",
    confirmationCode: confirmationCode(),
    reminderSentAt: null,
    canceledAt: null,
    cancelNotifiedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The confirmation a new booking would text, its manage link elided: no appointment exists to manage. */
export function wouldConfirm(config: Pick<Config, "publicOrigin">, row: AppointmentRow, business: string): string {
  const language = labelLanguageOf(row.language);
  return appointmentText("confirmed", language, {
    business,
    service: row.serviceName,
    label: slotLabel(row.startAt, row.timeZone, language),
    code: row.confirmationCode,
    link: `${config.publicOrigin ?? ""}/a/…`,
  });
}
