import { APPOINTMENT_MESSAGES, slotProblemMessage } from "@nikki/core";
import type { BookingContext, ContextProblem } from "../../appointments/context";
import { serializeSlot } from "../../appointments/resource";
import type { CommandDone, CommandResult } from "../../appointments/commands";
import { ApiError } from "../../http/api-error";

/** A booking context, or the request's field that could not give one. */
export function contextOrRefuse(context: BookingContext | { problem: ContextProblem }): BookingContext {
  if (!("problem" in context)) return context;
  if (context.problem === "unknown_service") throw new ApiError("validation_failed", { fields: { service_id: APPOINTMENT_MESSAGES.service } });
  if (context.problem === "unknown_agent") throw new ApiError("validation_failed", { fields: { agent_id: APPOINTMENT_MESSAGES.agent } });
  throw new ApiError("validation_failed", { message: APPOINTMENT_MESSAGES.noAgent, fields: { agent_id: APPOINTMENT_MESSAGES.noAgent } });
}

/** A booking that was kept, or the API's answer: 409 `slot_taken` with alternatives, else 400 naming `start`. */
export function bookedOrRefuse(outcome: CommandResult, context: BookingContext): CommandDone {
  if (outcome.ok) return outcome;
  if (outcome.problem === "taken") {
    throw new ApiError("slot_taken", { alternatives: outcome.alternatives.map((slot) => serializeSlot(slot, context.agent.timeZone)) });
  }
  if (outcome.problem === "canceled") throw new ApiError("conflict", { message: APPOINTMENT_MESSAGES.canceled });
  throw new ApiError("validation_failed", { fields: { start: slotProblemMessage(outcome.problem, context.rules) } });
}
