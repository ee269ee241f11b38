/** The appointments calls booked, with their times in the business's time zone: for the call detail, export, alert and digest. */
import { type CallAppointmentResource, isoInZone, slotLabel } from "@nikki/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { appointments } from "../db/schema";

/** The query of those appointments, oldest first, for a batch (db/one-trip.ts); `appointmentsByCall` reads its rows. */
export const callAppointmentsQuery = (db: Database, organizationId: string, callIds: string[] | "all") =>
  db
    .select()
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), callIds === "all" ? undefined : inArray(appointments.callId, callIds)))
    .orderBy(asc(appointments.startAt));

export function appointmentsByCall(rows: (typeof appointments.$inferSelect)[], timeZone: string): Map<string, CallAppointmentResource[]> {
  const byCall = new Map<string, CallAppointmentResource[]>();
  for (const row of rows) {
    if (!row.callId) continue;
    const list = byCall.get(row.callId) ?? [];
    list.push({
      id: row.id,
      service_name: row.serviceName,
      start: isoInZone(timeZone, row.startAt),
      end: isoInZone(timeZone, row.endAt),
      time_zone: timeZone,
      label: slotLabel(row.startAt, timeZone),
      status: row.status,
      confirmation_code: row.confirmationCode,
    });
    byCall.set(row.callId, list);
  }
  return byCall;
}

export async function appointmentsOfCalls(
  db: Database,
  organizationId: string,
  callIds: string[] | "all",
  timeZone: string,
): Promise<Map<string, CallAppointmentResource[]>> {
  if (callIds !== "all" && callIds.length === 0) return new Map();
  return appointmentsByCall(await callAppointmentsQuery(db, organizationId, callIds), timeZone);
}
