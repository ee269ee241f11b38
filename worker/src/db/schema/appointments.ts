/** What can be booked and what is booked (issue 35): services and appointments. */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations } from "./accounts";
import { calls } from "./calls";
import { createdAt, id, updatedAt } from "./columns";
import { agents } from "./organization";

/** A bookable service of an organization; `agent_ids` (JSON list) empty means every agent offers it. */
export const services = sqliteTable(
  "services",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    priceText: text("price_text"),
    agentIds: text("agent_ids").notNull().default("[]"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("services_org_created_idx").on(t.organizationId, t.createdAt)],
);

/**
 * A booking. It holds its organization's time from `start_at` to `busy_until` (its end plus the service's buffer)
 * while `status` is booked; two booked rows of one organization never overlap: the database refuses the second
 * (migration 0018's triggers raise `slot_taken`), so a race between two callers books exactly one.
 */
export const appointments = sqliteTable(
  "appointments",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    /** The service's name when booked, so a renamed or deleted service does not rewrite the agenda. */
    serviceName: text("service_name").notNull(),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    callId: text("call_id").references(() => calls.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    notes: text("notes"),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    busyUntil: integer("busy_until", { mode: "timestamp_ms" }).notNull(),
    /** The zone whose opening hours the time was checked against; times are shown in it. */
    timeZone: text("time_zone").notNull(),
    /** The agent's language when booked: the caller's texts and manage page are written in it. */
    language: text("language").notNull().default("en-US"),
    status: text("status", { enum: ["booked", "canceled"] })
      .notNull()
      .default("booked"),
    source: text("source", { enum: ["call", "manage_page", "dashboard"] }).notNull(),
    confirmationCode: text("confirmation_code").notNull(),
    /** SHA-256 of the caller's manage link token (`/a/{token}`); the token itself is never stored. */
    manageTokenHash: text("manage_token_hash").notNull(),
    reminderSentAt: integer("reminder_sent_at", { mode: "timestamp_ms" }),
    canceledAt: integer("canceled_at", { mode: "timestamp_ms" }),
    /** When the caller was told of the cancellation, so they are never told twice. */
    cancelNotifiedAt: integer("cancel_notified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("appointments_org_start_idx").on(t.organizationId, t.startAt),
    index("appointments_org_status_start_idx").on(t.organizationId, t.status, t.startAt),
    index("appointments_reminder_due_idx").on(t.status, t.reminderSentAt, t.startAt),
    index("appointments_call_idx").on(t.callId),
    uniqueIndex("appointments_org_code_idx").on(t.organizationId, t.confirmationCode),
    uniqueIndex("appointments_manage_token_idx").on(t.manageTokenHash),
    // Equal starts are refused by this index too; overlaps of any length by the triggers.
    uniqueIndex("appointments_org_booked_start_idx").on(t.organizationId, t.startAt).where(sql`status = 'booked'`),
  ],
);

/**
 * An appointment's copy in one of its organization's connected calendars (Google Calendar, Cal.com): each calendar
 * gets its own, made, moved and removed with the appointment (appointments/calendar-copies.ts). `pending` while the
 * calendar does not yet hold the appointment as it is now (the cron tries again); `synced` once it does.
 */
export const appointmentCalendarCopies = sqliteTable(
  "appointment_calendar_copies",
  {
    id: id(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["google_calendar", "calcom"] }).notNull(),
    /** The copy there now (Google's event id, Cal.com's booking uid); null while there is none. */
    eventId: text("event_id"),
    state: text("state", { enum: ["pending", "synced"] }).notNull(),
    /** Why the last try failed, in words safe to show; null once it worked. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("appointment_calendar_copies_appointment_provider_idx").on(t.appointmentId, t.provider),
    index("appointment_calendar_copies_state_idx").on(t.state, t.updatedAt),
    index("appointment_calendar_copies_org_provider_idx").on(t.organizationId, t.provider, t.state),
  ],
);
