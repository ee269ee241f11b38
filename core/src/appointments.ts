/**
 * Bookable services and appointments (issue 35): the resources as the API serializes them, the request schemas with
 * their messages, and the words for a time that cannot be booked.
 */
import * as z from "zod/mini";
import type { SlotProblem } from "./availability";
import type { AppointmentCalendarCopy } from "./calendar-copies";
import type { Region } from "./constants";
import { pageMarkerSchema } from "./page-marker";
import { phoneField } from "./phone";
import { multiLineText, oneLineText } from "./plain-text";
import { zonedSlotLabel } from "./slot-labels";
import { isLocalDate } from "./zoned-time";

export const APPOINTMENT_STATUSES = ["booked", "canceled"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** How a booking was made: on a call, on the caller's manage page, or by hand in the dashboard. */
export const APPOINTMENT_SOURCES = ["call", "manage_page", "dashboard"] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/** Durations, buffers and steps are whole multiples of five minutes, so every boundary falls on a five-minute mark. */
export const SERVICE_RANGES = {
  durationMinutes: { min: 5, max: 480 },
  bufferMinutes: { min: 0, max: 240 },
  agents: 50,
} as const;

/** The service every organization starts with. */
export const DEFAULT_SERVICE = { name: "Appointment", durationMinutes: 30, bufferMinutes: 0 } as const;

export interface ServiceResource {
  id: string;
  name: string;
  duration_minutes: number;
  buffer_minutes: number;
  price_text: string | null;
  /** Empty: every agent offers it. */
  agent_ids: string[];
}

export interface SlotResource {
  start: string;
  end: string;
  label: string;
}

export interface AppointmentResource {
  id: string;
  service_id: string | null;
  service_name: string;
  agent_id: string | null;
  call_id: string | null;
  name: string;
  phone: string;
  notes: string | null;
  /** ISO 8601 with the offset of `time_zone` at that instant. */
  start: string;
  end: string;
  time_zone: string;
  status: AppointmentStatus;
  source: AppointmentSource;
  confirmation_code: string;
  /** Its copy in each connected calendar. */
  calendar_copies: AppointmentCalendarCopy[];
  created_at: string;
}

/** An appointment a call booked, as the call detail, the export, the alert and the digest show it. */
export interface CallAppointmentResource {
  id: string;
  service_name: string;
  start: string;
  end: string;
  /** The business's time zone, which `start`, `end` and `label` are in. */
  time_zone: string;
  /** "Tuesday, December 1 at 3:00 PM". */
  label: string;
  status: AppointmentStatus;
  confirmation_code: string;
}

/**
 * One line for a call's bookings, the zone named as every e-mail names it (zonedSlotLabel): "Tuesday, December 1 at
 * 3:00 PM Eastern Time"; canceled ones say so.
 */
export const bookedTimesText = (appointments: readonly CallAppointmentResource[]) =>
  appointments
    .map((appointment) => `${zonedSlotLabel(new Date(appointment.start), appointment.time_zone)}${appointment.status === "canceled" ? ", canceled" : ""}`)
    .join("; ");

/** What `GET /api/events` sends when one of the organization's appointments is made or changes. */
export interface LiveAppointmentEvent {
  type: "appointment";
  id: string;
  status: AppointmentStatus;
}

export const SERVICE_MESSAGES = {
  name: "Name the service (1 to 80 characters).",
  duration: `The duration must be a whole number of minutes from ${SERVICE_RANGES.durationMinutes.min} to ${SERVICE_RANGES.durationMinutes.max}, in steps of 5.`,
  buffer: `The buffer must be a whole number of minutes from ${SERVICE_RANGES.bufferMinutes.min} to ${SERVICE_RANGES.bufferMinutes.max}, in steps of 5.`,
  price: "The price can be at most 40 characters, such as $80 or From $120.",
  agents: "Choose agents of your organization (at most 50), or none for all of them.",
  notFound: "That service was not found.",
  lastOne: "Keep at least one service: add another before deleting this one.",
  namePlaceholder: "e.g. Consultation",
} as const;

/**
 * The Services step's note on the service every business starts with, while it still bears its starting name (its
 * duration as it is now); once renamed or deleted there is nothing to explain, and no note.
 */
export function starterServiceNote(services: readonly Pick<ServiceResource, "name" | "duration_minutes">[]): string | null {
  const starter = services.find((service) => service.name === DEFAULT_SERVICE.name);
  if (!starter) return null;
  return `Every business starts with “${starter.name}” (${starter.duration_minutes} min), so callers can book before you add your own. Rename it, change it, or add others; at least one service always stays.`;
}

/**
 * The agenda with its default filters (upcoming, booked) and nothing in it: "yet" only while the organization has
 * never had an appointment; after one was canceled or has passed, the filters that show it are named.
 */
export const APPOINTMENTS_EMPTY = {
  never: (canBook: boolean) =>
    `No upcoming appointments yet. When a caller books on the phone${canBook ? ", or you book one here" : ""}, it shows up here right away.`,
  noneBooked: "No booked appointments coming up.",
  elsewhere: "Canceled appointments are under the Status filter, past ones under When.",
} as const;

export const APPOINTMENT_MESSAGES = {
  service: "Choose one of your services.",
  start: "Give the start as an ISO 8601 date and time with its offset, such as 2026-12-01T15:00:00-05:00.",
  name: "Enter the name of the person booking (1 to 100 characters).",
  phone: "Enter a phone number, like (512) 555-0123, or with its country code like +44 20 7946 0958.",
  notes: "Notes can be at most 500 characters.",
  agent: "Choose one of your organization's agents.",
  status: "Status can only be set to canceled.",
  patchEmpty: "Send a new start, or status canceled.",
  date: "Give a date as YYYY-MM-DD or an ISO 8601 date and time.",
  range: "The end must come after the start, at most 62 days later.",
  listStatus: "Status must be one of booked, canceled, all.",
  notFound: "That appointment was not found.",
  canceled: "This appointment is canceled: book a new one instead.",
  passed: "This appointment has already passed.",
  noAgent: "Your organization has no agent whose opening hours could be used. Create an agent first.",
  slotTaken: "That time was just taken. Choose one of the other times.",
} as const;

/** Why a time cannot be booked, in the words the dashboard and the model read. */
export function slotProblemMessage(problem: SlotProblem, settings: { minNoticeMinutes: number; horizonDays: number }): string {
  switch (problem) {
    case "past":
      return "That time has already passed.";
    case "notice": {
      const hours = settings.minNoticeMinutes / 60;
      const notice = hours === 1 ? "an hour's" : Number.isInteger(hours) ? `${hours} hours'` : `${settings.minNoticeMinutes} minutes'`;
      return `That time is too soon: bookings need ${notice} notice.`;
    }
    case "horizon":
      return `That time is too far ahead: bookings open ${settings.horizonDays} days in advance.`;
    case "closed_date":
      return "The business is closed that day.";
    case "outside_hours":
      return "That time is outside opening hours, or not one of the offered start times.";
    case "taken":
      return APPOINTMENT_MESSAGES.slotTaken;
  }
}

const wholeMinutes = (range: { min: number; max: number }, message: string) =>
  z.number(message).check(
    z.int(message),
    z.gte(range.min, message),
    z.lte(range.max, message),
    z.refine((value) => value % 5 === 0, message),
  );
const id = (message: string) => z.string(message).check(z.minLength(1, message), z.maxLength(64, message));

const serviceFields = {
  name: z.string(SERVICE_MESSAGES.name).check(z.trim(), z.minLength(1, SERVICE_MESSAGES.name), z.maxLength(80, SERVICE_MESSAGES.name), oneLineText()),
  duration_minutes: wholeMinutes(SERVICE_RANGES.durationMinutes, SERVICE_MESSAGES.duration),
  buffer_minutes: wholeMinutes(SERVICE_RANGES.bufferMinutes, SERVICE_MESSAGES.buffer),
  price_text: z.nullable(z.string(SERVICE_MESSAGES.price).check(z.trim(), z.maxLength(40, SERVICE_MESSAGES.price), oneLineText())),
  agent_ids: z.array(id(SERVICE_MESSAGES.agents), SERVICE_MESSAGES.agents).check(z.maxLength(SERVICE_RANGES.agents, SERVICE_MESSAGES.agents)),
};

/** `POST /api/services`: a name and a duration; the buffer is 0, no price and every agent unless given. */
export const serviceCreateSchema = z.strictObject({
  name: serviceFields.name,
  duration_minutes: serviceFields.duration_minutes,
  buffer_minutes: z.optional(serviceFields.buffer_minutes),
  price_text: z.optional(serviceFields.price_text),
  agent_ids: z.optional(serviceFields.agent_ids),
});
export type ServiceCreate = z.output<typeof serviceCreateSchema>;

/** `PATCH /api/services/:id`: any field. */
export const servicePatchSchema = z.partial(serviceCreateSchema);
export type ServicePatch = z.output<typeof servicePatchSchema>;

/** ISO 8601 with an offset (or Z): the only way a start is unambiguous. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export const isIsoWithOffset = (value: string) => ISO_WITH_OFFSET.test(value) && !Number.isNaN(new Date(value).getTime());
const start = z.string(APPOINTMENT_MESSAGES.start).check(z.trim(), z.refine(isIsoWithOffset, APPOINTMENT_MESSAGES.start));

/** `POST /api/appointments`. */
export const appointmentCreateSchema = z.strictObject({
  service_id: id(APPOINTMENT_MESSAGES.service),
  start,
  name: z
    .string(APPOINTMENT_MESSAGES.name)
    .check(z.trim(), z.minLength(1, APPOINTMENT_MESSAGES.name), z.maxLength(100, APPOINTMENT_MESSAGES.name), oneLineText()),
  phone: phoneField("US", APPOINTMENT_MESSAGES.phone),
  notes: z.optional(z.nullable(z.string(APPOINTMENT_MESSAGES.notes).check(z.trim(), z.maxLength(500, APPOINTMENT_MESSAGES.notes), multiLineText()))),
  agent_id: z.optional(z.nullable(id(APPOINTMENT_MESSAGES.agent))),
});
export type AppointmentCreate = z.output<typeof appointmentCreateSchema>;

/** `POST /api/appointments` for an organization: the person's phone written as its default region dials it, given on as E.164. */
export const appointmentCreateSchemaIn = (region: Region) => z.extend(appointmentCreateSchema, { phone: phoneField(region, APPOINTMENT_MESSAGES.phone) });

/** `PATCH /api/appointments/:id`: a new start (reschedule) or `status: "canceled"`. */
export const appointmentPatchSchema = z
  .strictObject({
    start: z.optional(start),
    status: z.optional(z.literal("canceled", APPOINTMENT_MESSAGES.status)),
  })
  .check(z.refine((patch) => patch.start !== undefined || patch.status !== undefined, APPOINTMENT_MESSAGES.patchEmpty));
export type AppointmentPatch = z.output<typeof appointmentPatchSchema>;

/** A bound of a list or a search: a local date (its midnight in the business's zone) or an ISO date-time with offset. */
const bound = z.string(APPOINTMENT_MESSAGES.date).check(z.refine((value) => isLocalDate(value) || isIsoWithOffset(value), APPOINTMENT_MESSAGES.date));

/** `GET /api/appointments` query: soonest first; no filter unless given. */
export const appointmentListQuerySchema = z.strictObject({
  from: z.optional(bound),
  to: z.optional(bound),
  status: z.optional(z.enum(["booked", "canceled", "all"], APPOINTMENT_MESSAGES.listStatus)),
  agent_id: z.optional(id(APPOINTMENT_MESSAGES.agent)),
  service_id: z.optional(id(APPOINTMENT_MESSAGES.service)),
  cursor: pageMarkerSchema,
});
export type AppointmentListQuery = z.output<typeof appointmentListQuerySchema>;

/** `GET /api/appointments/availability` query: the default service and the next 14 days unless given. */
export const availabilityQuerySchema = z.strictObject({
  service_id: z.optional(id(APPOINTMENT_MESSAGES.service)),
  agent_id: z.optional(id(APPOINTMENT_MESSAGES.agent)),
  from: z.optional(bound),
  to: z.optional(bound),
});
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

/** The code a caller quotes: six characters with no look-alikes (no 0/O, 1/I/L). */
export const CONFIRMATION_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CONFIRMATION_CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;
