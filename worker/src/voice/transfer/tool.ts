/**
 * transfer_call (issue 37 §1): a warm transfer. The escalation rules decide whether one may be tried (numbers the
 * business may call, inside its transfer hours); the call's CallSession keeps it; Twilio is told to put the caller on
 * hold and ring the first number, whose answer is briefed before being joined (documents.ts). A Test Suite call
 * records what it would have done.
 */
import { checkDestination, parseEscalation, transfersOpen } from "@nikki/core";
import { eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import { recordSuiteEffect } from "../../test-suite/effects";
import { type CallTool, text } from "../tools/context";
import { dialDocument } from "./documents";

const OFFER_MESSAGE = "Offer to take a message or to book a callback instead.";

export const transferCall: CallTool = {
  description:
    "Transfer the caller to a person at the business. The caller hears a hold message while the team is rung; the person who answers is briefed first. If nobody takes the call, the caller comes back to you.",
  parameters: {
    type: "object",
    properties: {
      reason: { type: "string", description: "What the caller wants, in a few words, for the person who answers" },
      caller_name: { type: "string", description: "The caller's name, if they gave it" },
    },
    required: [],
  },
  async run(args, call, deps) {
    const rules = parseEscalation(call.escalationJson);
    if (rules.numbers.length === 0) return { ok: false, error: `There is no transfer number set up. ${OFFER_MESSAGE}` };
    const numbers = rules.numbers.filter((number) => checkDestination(number, call.allowedCountries).ok);
    if (numbers.length === 0) {
      deps.log.warn("transfer_refused", { call_id: call.callId, reason: "destination_not_allowed" });
      return { ok: false, error: `The transfer number is not one this business may call. ${OFFER_MESSAGE}` };
    }
    const [agent] = await deps.db
      .select({ timeZone: agents.businessHoursTz, language: agents.language })
      .from(agents)
      .where(eq(agents.id, call.agentId))
      .limit(1);
    if (!transfersOpen(rules, agent?.timeZone ?? "UTC", new Date())) {
      return { ok: false, error: `Nobody from the team takes transfers at this time. Tell the caller so. ${OFFER_MESSAGE}` };
    }
    const reason = text(args, "reason").slice(0, 200);
    const callerName = text(args, "caller_name").slice(0, 100);
    if (call.test) {
      await recordSuiteEffect(deps.db, call.callId, "transfer", `Would transfer the caller to ${numbers.join(", then ")}.`);
      return { ok: true, transferring_to: "a team member" };
    }
    const origin = deps.services.config.publicOrigin;
    const { twilio } = await deps.providers.forNumber(call.businessNumber);
    if (!twilio || !origin || !deps.transfers) return { ok: false, error: `Transfers are not available right now. ${OFFER_MESSAGE}` };
    // Kept before Twilio is told: the stream ends as Twilio takes the new TwiML, and its end must find the transfer.
    const begun = await deps.transfers.begin({ numbers, reason, callerName });
    if (!begun) return { ok: false, error: `A transfer was already tried on this call and nobody could take it. ${OFFER_MESSAGE}` };
    try {
      await twilio.updateCall(call.callSid, { twiml: dialDocument(origin, call.callSid, numbers, 0, call.businessNumber, agent?.language ?? "en-US") });
    } catch (error) {
      await deps.transfers.cancel();
      deps.log.warn("transfer_failed", { call_id: call.callId, error: error instanceof Error ? error.message : String(error) });
      return { ok: false, error: `The transfer could not be started. ${OFFER_MESSAGE}` };
    }
    deps.log.info("transfer_started", { call_id: call.callId, numbers: numbers.length });
    return { ok: true, transferring_to: "a team member" };
  },
};
