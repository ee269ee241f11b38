import { type AppointmentListQuery, type AppointmentResource, isLocalDate, zonedInstant } from "@nikki/core";
import { and, asc, eq, gte, lt } from "drizzle-orm";
import { copiesOf } from "../../appointments/calendar-copies";
import { serializeAppointment } from "../../appointments/resource";
import type { Database } from "../../db/client";
import { afterAscendingCursor, encodeAscendingCursor } from "../../db/cursor";
import { appointments } from "../../db/schema";

const PAGE = 50;

/** A list or search bound: a local date is its midnight in the business's zone; anything else is an instant. */
export const boundOf = (value: string, timeZone: string) => (isLocalDate(value) ? zonedInstant(timeZone, value, 0) : new Date(value));

/** `GET /api/appointments`: the agenda, soonest first (the one list that is not newest first), 50 a page. */
export async function listAppointments(
  db: Database,
  organizationId: string,
  query: AppointmentListQuery,
  timeZone: string,
): Promise<{ appointments: AppointmentResource[]; next_cursor: string | null }> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        query.from ? gte(appointments.startAt, boundOf(query.from, timeZone)) : undefined,
        query.to ? lt(appointments.startAt, boundOf(query.to, timeZone)) : undefined,
        query.status && query.status !== "all" ? eq(appointments.status, query.status) : undefined,
        query.agent_id ? eq(appointments.agentId, query.agent_id) : undefined,
        query.service_id ? eq(appointments.serviceId, query.service_id) : undefined,
        query.cursor ? afterAscendingCursor(query.cursor, appointments) : undefined,
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const copies = await copiesOf(
    db,
    page.map((row) => row.id),
  );
  return {
    appointments: page.map((row) => serializeAppointment(row, copies.get(row.id) ?? [])),
    next_cursor: rows.length > PAGE ? encodeAscendingCursor(page.at(-1)!) : null,
  };
}
