import {
  APPOINTMENT_MESSAGES,
  appointmentCreateSchemaIn,
  appointmentListQuerySchema,
  appointmentPatchSchema,
  availabilityQuerySchema,
  freeSlots,
  maskedAppointment,
  masksContactsFor,
} from "@nikki/core";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bookingDepsOf } from "../../appointments/booking-deps";
import { type MemberActor, book, cancel, reschedule } from "../../appointments/commands";
import { textFields } from "../../appointments/notify";
import { bookingContext } from "../../appointments/context";
import { serializeAppointment, serializeSlot } from "../../appointments/resource";
import { copiesOf } from "../../appointments/calendar-copies";
import { type AppointmentRow, availabilityNow } from "../../appointments/store";
import { clientIp } from "../../audit";
import { appointments } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody, queryOf } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { regionOf, settingsRowOf } from "../../org/settings";
import { organizationOwnNames } from "../../org/own-names";
import { organizationTimeZone } from "../../org/time-zone";
import { boundOf, listAppointments } from "./list";
import { bookedOrRefuse, contextOrRefuse } from "./outcome";

type Ctx = Context<AppEnv>;

const DAY_MS = 86_400_000;
/** The most free slots one search answers. */
const SLOTS_LIMIT = 500;

/** The owner or admin making a change by hand. */
const member = (c: Ctx): MemberActor => {
  const caller = orgCaller(c);
  return { kind: "member", userId: caller.userId, email: caller.email, ip: clientIp(c) };
};

/** An appointment as the API answers it, with its calendar copies as they are now. */
const resourceOf = async (c: Ctx, row: AppointmentRow) => serializeAppointment(row, (await copiesOf(c.var.db, [row.id])).get(row.id) ?? []);

async function appointmentOf(c: Ctx, id: string): Promise<AppointmentRow> {
  const [row] = await c.var.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.organizationId, orgCaller(c).organizationId)));
  if (!row) throw new ApiError("not_found", { message: APPOINTMENT_MESSAGES.notFound });
  return row;
}

/**
 * `/api/appointments` (issue 35 §6): the agenda (every member reads it), booking by hand, moving and canceling (owners
 * and admins), and the free slots of a service. The business is not held to its own notice; callers are. A write answers
 * what became of the text to the booked person (`text`: sent, opted_out, no_sender, failed, already_told; null when
 * nothing changed), so the dashboard says whether they were told.
 */
export const appointmentRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), queryOf(appointmentListQuerySchema, "a filter of the appointment list"), async (c) => {
    const { organizationId, role } = orgCaller(c);
    const query = c.req.valid("query");
    const list = await listAppointments(c.var.db, organizationId, query, await organizationTimeZone(c.var.db, organizationId));
    // A viewer reads who booked masked (contact-details.ts).
    if (!masksContactsFor(role)) return c.json(list);
    const keep = await organizationOwnNames(c.var.db, organizationId);
    return c.json({ ...list, appointments: list.appointments.map((appointment) => maskedAppointment(appointment, keep)) });
  })
  .get("/availability", access("viewer"), queryOf(availabilityQuerySchema, "a filter of availability"), async (c) => {
    const organizationId = orgCaller(c).organizationId;
    const query = c.req.valid("query");
    const context = contextOrRefuse(await bookingContext(c.var.db, organizationId, { serviceId: query.service_id, agentId: query.agent_id }));
    const zone = context.agent.timeZone;
    const from = query.from ? boundOf(query.from, zone) : new Date();
    const to = query.to ? boundOf(query.to, zone) : new Date(from.getTime() + 14 * DAY_MS);
    if (!(to > from) || to.getTime() - from.getTime() > 62 * DAY_MS) throw new ApiError("validation_failed", { fields: { to: APPOINTMENT_MESSAGES.range } });
    const input = await availabilityNow(bookingDepsOf(c.var.services), context, { notice: false });
    const slots = freeSlots(input, { from, to, limit: SLOTS_LIMIT });
    return c.json({ slots: slots.map((slot) => serializeSlot(slot, zone)) });
  })
  .post("/", access("admin"), async (c) => {
    const organizationId = orgCaller(c).organizationId;
    const input = await parseBody(c, appointmentCreateSchemaIn(regionOf(await settingsRowOf(c.var.db, organizationId))), "a field of an appointment");
    const context = contextOrRefuse(await bookingContext(c.var.db, organizationId, { serviceId: input.service_id, agentId: input.agent_id }));
    const outcome = await book(c.var, member(c), context, {
      start: new Date(input.start),
      name: input.name,
      phone: input.phone,
      notes: input.notes || null,
    });
    const { appointment, text } = bookedOrRefuse(outcome, context);
    return c.json({ appointment: await resourceOf(c, appointment), ...textFields(text) }, 201);
  })
  .patch("/:id", access("admin"), async (c) => {
    const row = await appointmentOf(c, c.req.param("id"));
    const patch = await parseBody(c, appointmentPatchSchema, "a field of an appointment");
    if (patch.status === "canceled") {
      if (patch.start !== undefined)
        throw new ApiError("validation_failed", { message: APPOINTMENT_MESSAGES.patchEmpty, fields: { start: APPOINTMENT_MESSAGES.patchEmpty } });
      const outcome = await cancel(c.var, member(c), row);
      if (!outcome.ok) return c.json({ appointment: await resourceOf(c, row), ...textFields(null) });
      return c.json({ appointment: await resourceOf(c, outcome.appointment), ...textFields(outcome.text) });
    }
    if (row.status === "canceled") throw new ApiError("conflict", { message: APPOINTMENT_MESSAGES.canceled });
    const context = contextOrRefuse(await bookingContext(c.var.db, row.organizationId, { serviceId: row.serviceId, agentId: row.agentId }));
    const outcome = await reschedule(c.var, member(c), context, row, new Date(patch.start!));
    const { appointment, text } = bookedOrRefuse(outcome, context);
    return c.json({ appointment: await resourceOf(c, appointment), ...textFields(text) });
  });
