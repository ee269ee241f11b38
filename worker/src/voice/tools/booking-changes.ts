/**
 * A caller's own booking, moved or canceled on a call (issue 35 §3): found under the number they call from, or by the
 * confirmation code they give. The new time is checked as a new booking would be.
 */
import { CONFIRMATION_CODE, isoInZone, labelLanguageOf, slotLabel } from "@nikki/core";
import { and, asc, eq, gt } from "drizzle-orm";
import type { AppointmentRow } from "../../appointments/store";
import { appointments } from "../../db/schema";
import { callContext, refusal, startOf } from "./booking-tools";
import { type CallTool, type ToolCall, type ToolDeps, type ToolOutput, text } from "./context";

const CODE_PROPERTY = { code: { type: "string", description: "The booking's 6-character confirmation code, if the caller gives it" } } as const;

const labelOf = (row: AppointmentRow) => slotLabel(row.startAt, row.timeZone, labelLanguageOf(row.language));

/** The caller's upcoming booking, or what to ask them. */
async function callersBooking(deps: ToolDeps, call: ToolCall, code: string): Promise<{ row: AppointmentRow } | { refusal: ToolOutput }> {
  const normalized = code.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (code && !CONFIRMATION_CODE.test(normalized)) {
    return { refusal: { ok: false, error: "That is not a confirmation code: it has 6 letters and digits. Ask the caller again." } };
  }
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, call.organizationId),
        eq(appointments.status, "booked"),
        gt(appointments.startAt, new Date()),
        normalized ? eq(appointments.confirmationCode, normalized) : eq(appointments.phone, call.callerNumber),
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(5);
  if (rows.length === 1) return { row: rows[0]! };
  if (rows.length === 0) {
    const error = normalized
      ? "There is no upcoming booking with that code. Check the code with the caller."
      : "There is no upcoming booking under the number the caller is calling from. Ask for their confirmation code.";
    return { refusal: { ok: false, error } };
  }
  const list = rows.map((row) => `${labelOf(row)} (code ${row.confirmationCode})`);
  return { refusal: { ok: false, error: `The caller has ${rows.length} upcoming bookings: ${list.join("; ")}. Ask which one, by its confirmation code.` } };
}

export const rescheduleTool: CallTool = {
  description:
    "Move the caller's upcoming booking to another free time from check_availability. Their booking is found under the number they call from, or by its confirmation code.",
  parameters: {
    type: "object",
    properties: { ...CODE_PROPERTY, start: { type: "string", description: "The start of the new time, exactly as check_availability gave it" } },
    required: ["start"],
  },
  async run(args, call, deps) {
    const lookup = await callersBooking(deps, call, text(args, "code"));
    if ("refusal" in lookup) return lookup.refusal;
    const found = lookup.row;
    const context = await callContext(deps, call, found.serviceName);
    if (!context) return { ok: false, error: "Booking is not set up for this business. Offer to take a message instead." };
    const start = startOf(args, context);
    if (!start) return { ok: false, error: "Pass the start of one of the times check_availability returned, unchanged." };
    const outcome = await deps.effects.reschedule(context, found, start);
    if (!outcome.ok)
      return outcome.problem === "canceled" ? { ok: false, error: "That booking was just canceled." } : refusal(context, outcome.problem, outcome.alternatives);
    const row = outcome.appointment;
    // Read back in the language the caller speaks now, which may not be the one they booked in.
    const label = slotLabel(row.startAt, context.agent.timeZone, labelLanguageOf(context.agent.language));
    return {
      ok: true,
      booked_for: label,
      start: isoInZone(row.timeZone, row.startAt),
      confirmation_code: row.confirmationCode,
      instructions: "Read the new time back to the caller and confirm.",
    };
  },
};

export const cancelTool: CallTool = {
  description:
    "Cancel the caller's upcoming booking once they have confirmed they want it canceled. Their booking is found under the number they call from, or by its confirmation code.",
  parameters: { type: "object", properties: { ...CODE_PROPERTY }, required: [] },
  async run(args, call, deps) {
    const lookup = await callersBooking(deps, call, text(args, "code"));
    if ("refusal" in lookup) return lookup.refusal;
    const found = lookup.row;
    const outcome = await deps.effects.cancel(found);
    if (!outcome.ok) return { ok: true, canceled: labelOf(found), note: "It was already canceled." };
    return { ok: true, canceled: labelOf(outcome.appointment), instructions: "Tell the caller it is canceled." };
  },
};
