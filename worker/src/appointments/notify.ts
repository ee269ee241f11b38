/**
 * The texts a booked person gets (issue 35 §5): confirmation, change, cancellation and the reminder, in the language
 * of the agent that booked them, with the business's name and the manage link, from the business's own number,
 * through the messaging gate (opt-out, destination rules, limits, spend cap). A cancellation is texted once, whoever
 * canceled; a refused text is not tried again.
 */
import { type AppointmentTextKind, type AppointmentTextOutcome, appointmentText, appointmentTextMessage, labelLanguageOf, zonedSlotLabel } from "@nikki/core";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { appointments, organizationSettings, organizations, phoneNumbers } from "../db/schema";
import type { Logger } from "../logger";
import { sendText } from "../messaging/send-text";
import type { Services } from "../services";
import { manageLink } from "./manage-link";
import type { AppointmentRow } from "./store";

/** What became of the text (core's APPOINTMENT_TEXT_OUTCOMES): sent, refused by the gate with its code, or not sent. */
export type TextOutcome = AppointmentTextOutcome;

/** Settings' sender, else the number a caller would ring (ringingNumberFor). */
export async function senderNumberFor(db: Database, organizationId: string, agentId: string | null): Promise<string | null> {
  const [settings] = await db
    .select({ sender: organizationSettings.smsSenderNumber })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  return settings?.sender ?? (await ringingNumberFor(db, organizationId, agentId));
}

/** The business's number for an appointment: one that rings its agent, else the organization's first active number. */
export async function ringingNumberFor(db: Database, organizationId: string, agentId: string | null): Promise<string | null> {
  const numbers = await db
    .select({ number: phoneNumbers.twilioNumber, agentId: phoneNumbers.assignedAgentId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.organizationId, organizationId), eq(phoneNumbers.status, "active")))
    .orderBy(asc(phoneNumbers.createdAt));
  return (numbers.find((number) => agentId && number.agentId === agentId) ?? numbers[0])?.number ?? null;
}

/** The words of a text about `row` (its label in its own zone and language); `business`: its name, when the caller has it. */
export async function appointmentTextFor(services: Services, row: AppointmentRow, kind: AppointmentTextKind, business?: string): Promise<string> {
  const name =
    business ?? (await services.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organizationId)))[0]?.name;
  const language = labelLanguageOf(row.language);
  return appointmentText(kind, language, {
    business: name ?? "",
    service: row.serviceName,
    // With its zone: a caller may be elsewhere (a Central number booking a Mountain practice).
    label: zonedSlotLabel(row.startAt, row.timeZone, language),
    code: row.confirmationCode,
    link: (await manageLink(services.config, row.id)) ?? "",
  });
}

/** Texts the booked person; `from`: the number they called, when the text follows a call. */
export async function textAboutAppointment(
  services: Services,
  row: AppointmentRow,
  kind: AppointmentTextKind,
  options: { from?: string | null; business?: string; log: Logger },
): Promise<TextOutcome> {
  const { db } = services;
  if (kind === "canceled") {
    const claimed = await db
      .update(appointments)
      .set({ cancelNotifiedAt: new Date() })
      .where(and(eq(appointments.id, row.id), isNull(appointments.cancelNotifiedAt)))
      .returning({ id: appointments.id });
    if (claimed.length === 0) return "already_told";
  }
  const from = options.from ?? (await senderNumberFor(db, row.organizationId, row.agentId));
  const body = await appointmentTextFor(services, row, kind, options.business);
  const result = await sendText(
    services,
    { organizationId: row.organizationId, from, to: row.phone, body, purpose: "appointment", callId: row.callId, thread: true },
    { log: options.log },
  );
  if (result.status === "failed") options.log.warn("appointment_text_failed", { appointment_id: row.id, kind, code: result.code });
  return result.status === "sent" ? "sent" : result.status === "refused" ? result.code : result.code === "no_sender" ? "no_sender" : "failed";
}

/** How `POST/PATCH /api/appointments` answer what became of the text: its code, and the sentence a person reads. */
export function textFields(outcome: TextOutcome | null): { text: TextOutcome | null; text_message: string | null } {
  return { text: outcome, text_message: appointmentTextMessage(outcome) };
}
