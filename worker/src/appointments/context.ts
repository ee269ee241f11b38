/**
 * What availability is computed from for one organization (issue 35 §1–2): the agent whose opening hours count (the
 * one named, else the service's first, else the primary agent), the service, the booking settings, the bookings
 * held and the connected calendar's busy blocks. Core's availability.ts decides; this only gathers.
 */
import { type AvailabilityInput, type Interval, type OpeningHours, parseOpeningHours } from "@nikki/core";
import { and, eq, getTableColumns, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { type JsonRow, jsonRows, rowsOfJson } from "../db/json-rows";
import { dashboardsOpen } from "../durable/live-dashboards";
import { preparedQuery } from "../db/prepared";
import { agents, appointments, organizationSettings, organizations, services } from "../db/schema";
import { settingsRowOf } from "../org/settings";
import { type ServiceRow, offeredBy, servicesOf } from "./catalogue";

export interface BookingAgent {
  id: string;
  name: string;
  timeZone: string;
  hours: OpeningHours;
  language: string;
}

export interface BookingRules {
  minNoticeMinutes: number;
  horizonDays: number;
  stepMinutes: number;
  closedDates: string[];
}

export interface BookingContext {
  organizationId: string;
  organizationName: string;
  agent: BookingAgent;
  service: ServiceRow;
  rules: BookingRules;
  /** Settings' sender for the organization's texts, when one is set. */
  smsSenderNumber: string | null;
  /** Whether any dashboard watches the organization's live channel (durable/live-dashboards.ts). */
  dashboardsOpen: boolean;
}

export type ContextProblem = "no_agent" | "unknown_service" | "unknown_agent";

export interface ContextChoice {
  serviceId?: string | null;
  /** A service as a caller names it ("haircut"): the agent's service whose name contains it. */
  serviceName?: string | null;
  agentId?: string | null;
}

/** What of an agent a booking needs: the rest (its prompt, its knowledge) is not read. */
const agentColumns = {
  id: agents.id,
  name: agents.name,
  status: agents.status,
  businessHoursTz: agents.businessHoursTz,
  hoursJson: agents.hoursJson,
  language: agents.language,
};
type AgentRow = JsonRow<typeof agentColumns>;
const asBookingAgent = (agent: AgentRow): BookingAgent => ({
  id: agent.id,
  name: agent.name,
  timeZone: agent.businessHoursTz,
  hours: parseOpeningHours(agent.hoursJson),
  language: agent.language,
});

function chooseService(rows: ServiceRow[], choice: ContextChoice, agentId: string | null): ServiceRow | null {
  if (choice.serviceId) return rows.find((row) => row.id === choice.serviceId) ?? null;
  const offered = agentId ? rows.filter((row) => offeredBy(row, agentId)) : rows;
  const wanted = choice.serviceName?.trim().toLowerCase();
  if (wanted) return offered.find((row) => row.name.toLowerCase().includes(wanted) || wanted.includes(row.name.toLowerCase())) ?? offered[0] ?? null;
  return offered[0] ?? rows[0] ?? null;
}

const serviceColumns = getTableColumns(services);

/**
 * Built once (db/prepared.ts): a call's booking tools read it on every check and booking. The organization's name,
 * its settings, its services and its agents in one statement (db/json-rows.ts), oldest first.
 */
const contextQuery = preparedQuery((db) =>
  db
    .select({
      name: organizations.name,
      settings: organizationSettings,
      services: jsonRows(serviceColumns, services, eq(services.organizationId, organizations.id), sql`${services.createdAt}, ${services.id}`),
      agents: jsonRows(agentColumns, agents, eq(agents.organizationId, organizations.id), sql`${agents.createdAt}`),
    })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare(),
);

const heldQuery = preparedQuery((db) =>
  db
    .select({ id: appointments.id, start: appointments.startAt, end: appointments.busyUntil })
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, sql.placeholder("organizationId")),
        eq(appointments.status, "booked"),
        gt(appointments.busyUntil, sql.placeholder("start")),
        lt(appointments.startAt, sql.placeholder("end")),
      ),
    )
    .prepare(),
);

/** Everything a booking or a search of one organization needs, read at once. */
export async function bookingContext(db: Database, organizationId: string, choice: ContextChoice = {}): Promise<BookingContext | { problem: ContextProblem }> {
  const [organization] = await contextQuery(db).all({ organizationId });
  // An organization without a settings row or any service yet gets them made, as their own reads do.
  const settings = organization?.settings ?? (await settingsRowOf(db, organizationId));
  const listed = rowsOfJson(serviceColumns, organization?.services ?? null);
  const serviceRows = listed.length > 0 ? listed : await servicesOf(db, organizationId);
  const agentRows = rowsOfJson(agentColumns, organization?.agents ?? null);
  let agent: AgentRow | undefined;
  if (choice.agentId) {
    agent = agentRows.find((row) => row.id === choice.agentId);
    if (!agent) return { problem: "unknown_agent" };
  }
  const service = chooseService(serviceRows, choice, agent?.id ?? null);
  if (!service) return { problem: "unknown_service" };
  if (!agent) {
    const active = agentRows.filter((row) => row.status === "active");
    agent = active.find((row) => offeredBy(service, row.id)) ?? active[0] ?? agentRows[0];
  }
  if (!agent) return { problem: "no_agent" };
  return {
    organizationId,
    organizationName: organization?.name ?? "",
    agent: asBookingAgent(agent),
    service,
    rules: {
      minNoticeMinutes: settings.bookingMinNoticeMinutes,
      horizonDays: settings.bookingHorizonDays,
      stepMinutes: settings.bookingSlotStepMinutes,
      closedDates: jsonList(settings.closedDates),
    },
    smsSenderNumber: settings.smsSenderNumber,
    dashboardsOpen: dashboardsOpen(settings.liveDashboards),
  };
}

/** The time booked appointments hold (start to end of buffer) that touches a window. */
export async function heldIntervals(db: Database, organizationId: string, window: Interval): Promise<(Interval & { id: string })[]> {
  // A placeholder in a condition is bound as given: the columns turn the window's dates into what they store.
  return heldQuery(db).all({
    organizationId,
    start: appointments.busyUntil.mapToDriverValue(window.start),
    end: appointments.startAt.mapToDriverValue(window.end),
  });
}

/** Core's input for this context: callers keep the notice; the business booking by hand does not. */
export function availabilityInput(
  context: BookingContext,
  blocks: { held: Interval[]; busy: Interval[] },
  now: Date,
  options: { notice: boolean; durationMinutes?: number; bufferMinutes?: number },
): AvailabilityInput {
  return {
    hours: context.agent.hours,
    timeZone: context.agent.timeZone,
    durationMinutes: options.durationMinutes ?? context.service.durationMinutes,
    bufferMinutes: options.bufferMinutes ?? context.service.bufferMinutes,
    stepMinutes: context.rules.stepMinutes,
    minNoticeMinutes: options.notice ? context.rules.minNoticeMinutes : 0,
    horizonDays: context.rules.horizonDays,
    closedDates: context.rules.closedDates,
    held: blocks.held,
    busy: blocks.busy,
    now,
  };
}
