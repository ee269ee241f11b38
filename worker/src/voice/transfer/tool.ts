/**
 * transfer_call (issue 37 §1): a warm transfer. The escalation rules decide whether one may be tried (numbers the
 * business may call, inside its transfer hours); then it is the call's effect: the call's CallSession keeps it and
 * Twilio is told to put the caller on hold and ring the first number, whose answer is briefed before being joined
 * (documents.ts).
 */
import { checkDestination, parseEscalation, transfersOpen } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { TransferStart } from "../../call-effects/call-effects";
import { agents } from "../../db/schema";
import { type CallTool, text } from "../tools/context";
import { dialDocument } from "./documents";

const OFFER_MESSAGE = "Offer to take a message or to book a callback instead.";
const UNAVAILABLE = `Transfers are not available right now. ${OFFER_MESSAGE}`;

/** What the model is told when the transfer did not start. */
const REFUSED: Record<Exclude<TransferStart, "started">, string> = {
  unavailable: UNAVAILABLE,
  already_tried: `A transfer was already tried on this call and nobody could take it. ${OFFER_MESSAGE}`,
  failed: `The transfer could not be started. ${OFFER_MESSAGE}`,
};

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
    const origin = deps.services.config.publicOrigin;
    if (!origin) return { ok: false, error: UNAVAILABLE };
    const twiml = dialDocument(origin, call.callSid, numbers, 0, call.businessNumber, agent?.language ?? "en-US");
    const started = await deps.effects.transfer({ numbers, reason, callerName, twiml });
    if (started === "started") return { ok: true, transferring_to: "a team member" };
    return { ok: false, error: REFUSED[started] };
  },
};
