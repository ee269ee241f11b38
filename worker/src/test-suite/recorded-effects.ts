/**
 * A Test Suite call's effects: recorded as what would have been done (test_run_effects, shown in the run's steps),
 * with what its verdict reads beside the words (`data`: the slots offered, the slot a booking validated, the texts'
 * words), and answered as if done, so the call goes on as a real one would. Its bookings are the appointment
 * commands' dry runs. Only its model's minutes are real, and charged to the day's spend (never the plan's minutes).
 */
import { ALERT_SUBJECTS, TEST_SUITE_MESSAGES, integrationName, labelLanguageOf, modelCostMicroUsd, slotLabel } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import { type TestSuiteActor, book, cancel, reschedule } from "../appointments/commands";
import type { AppointmentRow } from "../appointments/store";
import { chargeSpend } from "../billing/spend";
import type { CallEffects, EffectsCall, EffectsDeps } from "../call-effects/call-effects";
import { testRunEffects } from "../db/schema";

export type SuiteEffectKind = "availability" | "booking" | "crm" | "sms" | "transfer" | "follow_up_sms" | "alert";

const labelOf = (row: AppointmentRow) => slotLabel(row.startAt, row.timeZone, labelLanguageOf(row.language));

export function recordedEffects(call: EffectsCall, deps: EffectsDeps): CallEffects {
  const { services, log } = deps;
  const { db } = services;
  const record = async (kind: SuiteEffectKind, detail: string, data?: unknown) => {
    await db.insert(testRunEffects).values({ callId: call.callId, kind, detail, data: data === undefined ? null : JSON.stringify(data) });
  };
  const dryRun: TestSuiteActor = { kind: "test_suite", callId: call.callId };
  return {
    async text({ purpose, to, body }) {
      if (purpose === "call_follow_up") await record("follow_up_sms", `Would text the caller: "${body}"`, { body });
      // A text to the caller is one the Test Suite checks the language of (language-verdict.ts).
      else await record("sms", `Would text ${to}: "${body.slice(0, 160)}"`, to === call.callerNumber ? { body } : undefined);
      return { status: "sent", sid: null };
    },

    async saveLead({ name, phone }) {
      const crm = await (deps.providers ?? (await services.providersFor(call.organizationId))).crm().catch(() => null);
      await record(
        "crm",
        crm
          ? `Would push ${name} (${phone}) to ${integrationName(crm.provider)}.`
          : `${TEST_SUITE_MESSAGES.noCrm}: ${name} (${phone}) would be saved to your lead list.`,
      );
      return { leadId: null, savedTo: crm?.provider ?? "the business's lead list" };
    },

    async offered(slots) {
      await record(
        "availability",
        slots.length ? `Offered ${slots.length} free times within your hours: ${slots.map((slot) => slot.label).join("; ")}.` : "No free times to offer.",
        { slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString(), label: slot.label })) },
      );
    },

    async book(context, request) {
      const outcome = await book(deps, dryRun, context, request);
      if (!outcome.ok) return outcome;
      const row = outcome.appointment;
      const label = labelOf(row);
      await record(
        "booking",
        `Would book ${row.name} (${row.phone}) for ${label}: that time is free and within your hours (a Test Suite call holds no slot).`,
        {
          start: row.startAt.toISOString(),
          end: row.endAt.toISOString(),
          label,
          service: row.serviceName,
          time_zone: row.timeZone,
        },
      );
      const body = outcome.dryRun?.text ?? "";
      await record("sms", `Would text ${row.phone}: "${body}"`, { body });
      return outcome;
    },

    async reschedule(context, found, start) {
      const outcome = await reschedule(deps, dryRun, context, found, start);
      if (!outcome.ok) return outcome;
      // Read in the language the caller speaks now, as the call reads the new time back.
      const label = slotLabel(outcome.appointment.startAt, context.agent.timeZone, labelLanguageOf(context.agent.language));
      await record("booking", `Would move ${found.name}'s booking from ${labelOf(found)} to ${label} (a Test Suite call changes nothing).`);
      return outcome;
    },

    async cancel(found) {
      const outcome = await cancel(deps, dryRun, found);
      if (outcome.ok) await record("booking", `Would cancel ${found.name}'s booking for ${labelOf(found)} (a Test Suite call changes nothing).`);
      return outcome;
    },

    async transfer({ numbers }) {
      await record("transfer", `Would transfer the caller to ${numbers.join(", then ")}.`);
      return "started";
    },

    // Twilio knows no Test Suite call: its synthetic caller hangs up itself.
    async endCall() {},

    async pushLead({ crm, lead, again }) {
      // The call's own push_crm_lead was recorded, not sent: it counts as the push it would have been.
      const [recorded] = await db
        .select({ id: testRunEffects.id })
        .from(testRunEffects)
        .where(and(eq(testRunEffects.callId, call.callId), eq(testRunEffects.kind, "crm")));
      if (recorded && !again) return "already_pushed";
      await record("crm", `After the call: would push ${lead.name} (${lead.phone}) to ${integrationName(crm.provider)}.`);
      return "pushed";
    },

    async postWebhook() {
      await record("crm", "After the call: would post the call to the CRM webhook.");
    },

    async alert({ reason, mails, text }) {
      const channels = [mails.length > 0 && "e-mail the owner", text && `text ${text.to}`].filter(Boolean);
      await record("alert", `Would ${channels.join(" and ") || "send no alert (alerts are off)"}: ${ALERT_SUBJECTS[reason]}.`);
      return null;
    },

    async bookings() {
      const rows = await db
        .select({ data: testRunEffects.data })
        .from(testRunEffects)
        .where(and(eq(testRunEffects.callId, call.callId), eq(testRunEffects.kind, "booking")))
        .orderBy(asc(testRunEffects.createdAt));
      // Only a booking's record carries its start (a move or cancellation records words alone).
      return rows.flatMap((row) => {
        const data = row.data ? (JSON.parse(row.data) as { start?: string; service?: string; time_zone?: string }) : {};
        return data.start && data.service && data.time_zone ? [{ service: data.service, start: new Date(data.start), timeZone: data.time_zone }] : [];
      });
    },

    // The synthetic caller is nobody: its questions stay on the call, out of the owner's inbox, and nothing is kept of it.
    async keepQuestions() {},
    async forgetCaller() {},

    async charge(ended) {
      if (ended.durationSeconds) {
        await chargeSpend(services, log, ended.organizationId, ended.callSid, modelCostMicroUsd(ended.durationSeconds), ended.limits).catch((error: unknown) =>
          log.warn("spend_charge_failed", { call_id: ended.id, error: error instanceof Error ? error.message : String(error) }),
        );
      }
      return { overage: null };
    },
  };
}
