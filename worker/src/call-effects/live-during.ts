/**
 * A live call's effects while it runs, each through its one path: texts through the messaging gate, the caller's
 * bookings through the appointment commands (the caller as the actor; a caller who booked is the call's lead), leads
 * into the lead list (one per call: call-lead.ts) and the CRM, a transfer kept by the call's CallSession and started
 * by Twilio's call update.
 */
import { eq } from "drizzle-orm";
import { type CallerActor, book, cancel, reschedule } from "../appointments/commands";
import { leads } from "../db/schema";
import { sendText } from "../messaging/send-text";
import type { CallEffects, EffectsCall, EffectsDeps } from "./call-effects";
import { keepCallLead } from "./call-lead";

type DuringCall = Pick<CallEffects, "text" | "saveLead" | "offered" | "book" | "reschedule" | "cancel" | "transfer" | "endCall">;

export function liveDuringCall(call: EffectsCall, deps: EffectsDeps): DuringCall {
  const { services, log } = deps;
  const providers = async () => deps.providers ?? (await services.providersFor(call.organizationId));
  const caller: CallerActor = { kind: "caller", callId: call.callId, businessNumber: call.businessNumber };
  const twilio = async () => (await (await providers()).forNumber(call.businessNumber)).twilio;
  return {
    async text(text) {
      return sendText(services, { organizationId: call.organizationId, callId: call.callId, ...text }, { log, providers: deps.providers });
    },

    async saveLead(lead) {
      const leadId = await keepCallLead(services.db, call, lead, { replace: true });
      const crm = await (await providers()).crm().catch((error: unknown) => {
        log.error("crm_unavailable", { organization_id: call.organizationId, error: String(error) });
        return null;
      });
      if (!crm) return { leadId, savedTo: "the business's lead list" };
      try {
        await crm.push({ ...lead, source: "call", callId: call.callId });
        if (leadId) await services.db.update(leads).set({ crmSyncedAt: new Date() }).where(eq(leads.id, leadId));
        return { leadId, savedTo: crm.provider };
      } catch (error) {
        log.warn("crm_push_failed", { provider: crm.provider, error: error instanceof Error ? error.message : String(error) });
        return { leadId, savedTo: "the business's lead list", crmError: `${crm.provider} did not accept the lead; the team will sync it.` };
      }
    },

    async offered() {},

    async book(context, request) {
      const booked = await book(deps, caller, context, request);
      // A caller who booked is a lead, whose booking the lead list shows; the booking stands should keeping it fail.
      if (booked.ok) {
        const { name, phone, notes } = booked.appointment;
        await keepCallLead(services.db, call, { name, phone, email: null, intent: "book_appointment", notes }, { replace: false }).catch((error: unknown) =>
          log.warn("booking_lead_failed", { call_id: call.callId, error: error instanceof Error ? error.message : String(error) }),
        );
      }
      return booked;
    },
    reschedule: (context, row, start) => reschedule(deps, caller, context, row, start),
    cancel: (row) => cancel(deps, caller, row),

    async transfer({ twiml, ...transfer }) {
      const client = await twilio();
      if (!client || !deps.transfers) return "unavailable";
      // Kept before Twilio is told: the stream ends as Twilio takes the new TwiML, and its end must find the transfer.
      if (!(await deps.transfers.begin(transfer))) return "already_tried";
      try {
        await client.updateCall(call.callSid, { twiml });
      } catch (error) {
        await deps.transfers.cancel();
        log.warn("transfer_failed", { call_id: call.callId, error: error instanceof Error ? error.message : String(error) });
        return "failed";
      }
      log.info("transfer_started", { call_id: call.callId, numbers: transfer.numbers.length });
      return "started";
    },

    async endCall(update) {
      await (await twilio())?.updateCall(call.callSid, update);
    },
  };
}
