/**
 * The texts a booked person gets (issue 35 §5): confirmation, change, cancellation and the reminder, in the language
 * of the agent that booked them, with the business's name and the manage link, from the business's own number and
 * never to a number that opted out (the SMS sender refuses those). A cancellation is texted once, whoever canceled.
 */
import { type AppointmentTextKind, appointmentText, labelLanguageOf, slotLabel } from "@nikki/core";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { appointments, conversationMessages, organizationSettings, organizations, phoneNumbers } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { manageLink } from "./manage-link";
import type { AppointmentRow } from "./store";

export type TextOutcome = "sent" | "opted_out" | "no_sender" | "failed" | "already_told";

/** Settings' sender, else a number that rings the appointment's agent, else the organization's first active number. */
export async function senderNumberFor(db: Database, organizationId: string, agentId: string | null): Promise<string | null> {
  const [settings] = await db
    .select({ sender: organizationSettings.smsSenderNumber })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (settings?.sender) return settings.sender;
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
    label: slotLabel(row.startAt, row.timeZone, language),
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
  if (!from) return "no_sender";
  const { sms } = await (await services.providersFor(row.organizationId)).forNumber(from);
  if (!sms) return "no_sender";
  const body = await appointmentTextFor(services, row, kind, options.business);
  try {
    const result = await sms.send({ organizationId: row.organizationId, from, to: row.phone, body });
    if (!result.sent) return "opted_out";
    await db
      .insert(conversationMessages)
      .values({ organizationId: row.organizationId, channel: "sms", threadKey: row.phone, role: "assistant", content: body });
    return "sent";
  } catch (error) {
    options.log.warn("appointment_text_failed", { appointment_id: row.id, kind, error: String(error) });
    return "failed";
  }
}
