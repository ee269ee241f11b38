/**
 * A call summary's booked times come from the stored booking, never from the words said (issue 54 §6: a caller who
 * asked for "mañana at 9" and was booked at 8:00 reads 8:00). The analysis is shown each booking's label; a summary
 * that does not state a booking's label gets one sentence that does, in the business's language.
 */
import { DEFAULT_SERVICE } from "./appointments";
import type { LabelLanguage } from "./slot-labels";

export interface SummaryBooking {
  service: string;
  /** The booked time as slot-labels.ts reads it in the business's language ("Tuesday, December 1 at 8:00 AM"). */
  label: string;
}

const named = (booking: SummaryBooking) => (booking.service === DEFAULT_SERVICE.name ? "" : ` (${booking.service})`);

const BOOKED: Record<LabelLanguage, (booking: SummaryBooking) => string> = {
  en: (booking) => `Appointment booked for ${booking.label}${named(booking)}.`,
  es: (booking) => `Cita reservada para el ${booking.label}${named(booking)}.`,
};

/** The summary with a sentence for each booking whose time it does not state as stored. */
export function summaryWithBookings(summary: string, bookings: readonly SummaryBooking[], language: LabelLanguage): string {
  const missing = bookings.filter((booking) => !summary.includes(booking.label));
  return [summary.trim(), ...missing.map(BOOKED[language])].filter(Boolean).join(" ");
}

/** What the analysis is told of the call's bookings, so its summary states their times as stored. */
export function bookingsForAnalysis(bookings: readonly SummaryBooking[]): string {
  if (bookings.length === 0) return "No appointment was booked on this call.";
  return [
    "Appointments booked on this call, as stored (when the summary states a booked time, write it exactly as here, never a time the caller or the receptionist said):",
    ...bookings.map((booking) => `- ${booking.service}: ${booking.label}`),
  ].join("\n");
}
