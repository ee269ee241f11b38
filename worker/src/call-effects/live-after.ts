/**
 * A live call's effects once it is over, each through its one path: the lead to the CRM client, the webhook through the
 * URL guard, the alert by mail and through the messaging gate, the questions into the owner's inbox, the caller's wish
 * to be forgotten kept, and the call's cost to the spend meter with its minutes beyond the plan to Stripe's.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { chargeSpend } from "../billing/spend";
import { reportOverage } from "../billing/usage";
import { appointments, callerMemoryOptOuts, leads } from "../db/schema";
import { recordQuestions } from "../knowledge/record-questions";
import { sendText } from "../messaging/send-text";
import { postCrmWebhook } from "../services/crm/webhook";
import type { CallEffects, EffectsCall, EffectsDeps } from "./call-effects";
import { keepCallLead } from "./call-lead";

type AfterCall = Pick<CallEffects, "pushLead" | "postWebhook" | "alert" | "bookings" | "keepQuestions" | "forgetCaller" | "charge">;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function liveAfterCall(call: EffectsCall, deps: EffectsDeps): AfterCall {
  const { services, log } = deps;
  const { db } = services;
  return {
    async pushLead({ crm, lead: { properties, ...lead }, again }) {
      if (!again) {
        const [pushed] = await db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.callId, call.callId), isNotNull(leads.crmSyncedAt)));
        if (pushed) return "already_pushed";
      }
      try {
        await crm.push({ ...lead, source: "call", callId: call.callId, properties });
        // The call's lead (a booking or push_crm_lead may have kept it already) is the one the CRM now has.
        await keepCallLead(db, call, lead, { replace: false, crmSyncedAt: new Date() });
        log.info("call_lead_pushed", { provider: crm.provider });
        return "pushed";
      } catch (error) {
        log.warn("crm_push_failed", { provider: crm.provider, error: message(error) });
        return "failed";
      }
    },

    async postWebhook(url, payload) {
      const delivery = await postCrmWebhook(services.config, url, payload);
      if (delivery.ok) log.info("crm_webhook_sent", { status: delivery.status, ms: delivery.ms });
      else log.warn("crm_webhook_failed", { status: delivery.status, ms: delivery.ms, refused: delivery.refused });
    },

    async alert({ reason, mails, text }) {
      const emailed: string[] = [];
      const mailer = services.mailer(log);
      for (const mail of mails) {
        try {
          await mailer.send(mail);
          if (mailer.delivers) emailed.push(mail.to);
        } catch (error) {
          log.warn("alert_mail_failed", { error: String(error) });
        }
      }
      const sent = text
        ? await sendText(services, { organizationId: call.organizationId, ...text, purpose: "call_alert", callId: call.callId }, { log })
        : null;
      const texted = text && sent?.status === "sent" ? text.to : null;
      log.info("call_alert_sent", { reason, emailed: emailed.length, texted: Boolean(texted) });
      return { reason, emailed, texted };
    },

    // Every appointment the call made, canceled since or not: the call booked it.
    bookings: () =>
      db
        .select({ service: appointments.serviceName, start: appointments.startAt, timeZone: appointments.timeZone })
        .from(appointments)
        .where(and(eq(appointments.organizationId, call.organizationId), eq(appointments.callId, call.callId)))
        .orderBy(asc(appointments.startAt)),

    keepQuestions: (asked) => recordQuestions(db, call.organizationId, call.callId, asked),

    async forgetCaller() {
      await db.insert(callerMemoryOptOuts).values({ organizationId: call.organizationId, phone: call.callerNumber, callId: call.callId }).onConflictDoNothing();
    },

    async charge(ended) {
      const cost = ended.neverTaken ? ended.neverTakenCostMicroUsd : (ended.costMicroUsd ?? 0);
      await chargeSpend(services, log, ended.organizationId, ended.callSid, cost, ended.limits).catch((error: unknown) =>
        log.warn("spend_charge_failed", { call_id: ended.id, error: message(error) }),
      );
      // A call the AI never took is not the plan's minutes (db/call-outcome.ts): none of it is beyond the plan either.
      if (ended.neverTaken) return { overage: null };
      const overage = reportOverage({ db, stripe: services.stripe, config: services.config, log }, ended, ended.subscription).catch((error: unknown) =>
        log.warn("overage_report_failed", { call_id: ended.id, error: message(error) }),
      );
      return { overage };
    },
  };
}
