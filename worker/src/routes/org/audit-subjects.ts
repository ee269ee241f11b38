/**
 * The activity log names what changed (issue 54 §13): an entry's target is an id for the business's own things (an
 * agent, a number, a booking), so the log looks them up, one query per kind and always within the organization, and
 * core's auditSentence() says "Agent Sofia created". An entry that kept its thing's name (newer entries do) is named by
 * it, as it was then and after the thing is gone; else the sentence says "An agent".
 */
import { type AuditAction, slotLabel } from "@nikki/core";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { agents, appointments, calls, invitations, knowledgeEntries, knowledgeQuestions, phoneNumbers, services } from "../../db/schema";

type Kind = "agent" | "service" | "number" | "knowledge" | "appointment" | "invitation" | "call" | "question";

/** Which of the organization's things an action's target is the id of. */
const SUBJECT_KIND: Partial<Record<AuditAction, Kind>> = {
  agent_created: "agent",
  agent_updated: "agent",
  agent_deleted: "agent",
  service_created: "service",
  service_updated: "service",
  service_deleted: "service",
  number_bought: "number",
  number_updated: "number",
  number_released: "number",
  knowledge_created: "knowledge",
  knowledge_updated: "knowledge",
  knowledge_deleted: "knowledge",
  appointment_created: "appointment",
  appointment_rescheduled: "appointment",
  appointment_canceled: "appointment",
  invitation_accepted: "invitation",
  invitation_revoked: "invitation",
  call_pushed_to_crm: "call",
  call_texted: "call",
  call_watched: "call",
  call_listened: "call",
  call_note_sent: "call",
  call_taken_over: "call",
  call_ended_by_owner: "call",
  knowledge_question_answered: "question",
  knowledge_question_dismissed: "question",
};

/** What an entry kept of its thing (its name then, the number, the title): it names the thing as it was, and after it is gone. */
const KEPT = ["name", "phone_number", "title"];

export interface AuditRow {
  id: string;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
}

/** A thing's name, given the entry naming it (a booking is named with the time that entry made it for). */
type Names = Map<string, (details: Record<string, unknown> | null) => string>;

const kindOf = (action: string): Kind | undefined => SUBJECT_KIND[action as AuditAction];

/** The kinds named by one column of their own table, which each hold the organization's id. */
const NAMED_BY = {
  agent: { table: agents, name: agents.name },
  service: { table: services, name: services.name },
  number: { table: phoneNumbers, name: phoneNumbers.twilioNumber },
  invitation: { table: invitations, name: invitations.email },
  call: { table: calls, name: calls.fromNumber },
  question: { table: knowledgeQuestions, name: knowledgeQuestions.text },
} as const;

/** A booking as its entry made it: the time of that entry (a move's new time), else the booking's own. */
const startOf = (details: Record<string, unknown> | null, booked: Date) => {
  const then = typeof details?.start === "string" ? new Date(details.start) : booked;
  return Number.isNaN(then.getTime()) ? booked : then;
};

async function namesOf(db: Database, organizationId: string, kind: Kind, ids: string[]): Promise<Names> {
  if (kind === "knowledge") {
    const rows = await db
      .select({ id: knowledgeEntries.id, title: knowledgeEntries.title, question: knowledgeEntries.question })
      .from(knowledgeEntries)
      .where(and(eq(knowledgeEntries.organizationId, organizationId), inArray(knowledgeEntries.id, ids)));
    return new Map(rows.map((row) => [row.id, () => row.title || row.question]));
  }
  if (kind === "appointment") {
    const rows = await db
      .select({ id: appointments.id, name: appointments.name, startAt: appointments.startAt, timeZone: appointments.timeZone })
      .from(appointments)
      .where(and(eq(appointments.organizationId, organizationId), inArray(appointments.id, ids)));
    return new Map(rows.map((row) => [row.id, (details) => `${row.name} on ${slotLabel(startOf(details, row.startAt), row.timeZone)}`]));
  }
  const { table, name } = NAMED_BY[kind];
  const rows = await db
    .select({ id: table.id, name })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), inArray(table.id, ids)));
  return new Map(rows.map((row) => [row.id, () => row.name]));
}

/** Each entry's target by name (by entry id), where the target is one of the organization's things. */
export async function auditSubjects(db: Database, organizationId: string, rows: AuditRow[]): Promise<Map<string, string | null>> {
  const wanted = new Map<Kind, Set<string>>();
  for (const row of rows) {
    const kind = kindOf(row.action);
    if (kind && row.target) wanted.set(kind, (wanted.get(kind) ?? new Set()).add(row.target));
  }
  const found = new Map(await Promise.all([...wanted].map(async ([kind, ids]) => [kind, await namesOf(db, organizationId, kind, [...ids])] as const)));
  return new Map(
    rows.map((row) => {
      const kind = kindOf(row.action);
      const live = kind && row.target ? found.get(kind)?.get(row.target)?.(row.details) : undefined;
      const kept = KEPT.map((key) => row.details?.[key]).find((value): value is string => typeof value === "string" && value.trim() !== "");
      return [row.id, kind ? (kept ?? live ?? null) : null];
    }),
  );
}
