import { type AppointmentResource, type Interval, type LabelLanguage, type ServiceResource, type SlotResource, isoInZone, slotLabel } from "@nikki/core";
import { jsonList } from "../db/json";
import type { CalendarCopyRow } from "./calendar-copies";
import type { ServiceRow } from "./catalogue";
import type { AppointmentRow } from "./store";

/** The one serializer of a service. */
export function serializeService(row: ServiceRow): ServiceResource {
  return {
    id: row.id,
    name: row.name,
    duration_minutes: row.durationMinutes,
    buffer_minutes: row.bufferMinutes,
    price_text: row.priceText,
    agent_ids: jsonList(row.agentIds),
  };
}

/** The one serializer of an appointment: its times as ISO with the offset of its own zone, and its calendar copies. */
export function serializeAppointment(row: AppointmentRow, copies: CalendarCopyRow[]): AppointmentResource {
  return {
    id: row.id,
    service_id: row.serviceId,
    service_name: row.serviceName,
    agent_id: row.agentId,
    call_id: row.callId,
    name: row.name,
    phone: row.phone,
    notes: row.notes,
    start: isoInZone(row.timeZone, row.startAt),
    end: isoInZone(row.timeZone, row.endAt),
    time_zone: row.timeZone,
    status: row.status,
    source: row.source,
    confirmation_code: row.confirmationCode,
    calendar_copies: copies.map((copy) => ({ provider: copy.provider, state: copy.state, event_id: copy.eventId })),
    created_at: row.createdAt.toISOString(),
  };
}

/** A free slot as the API and the tools give it: start and end with the zone's offset, and its read-back label. */
export function serializeSlot(slot: Interval, timeZone: string, language: LabelLanguage = "en"): SlotResource {
  return { start: isoInZone(timeZone, slot.start), end: isoInZone(timeZone, slot.end), label: slotLabel(slot.start, timeZone, language) };
}
