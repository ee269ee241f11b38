import { ALERT_SUBJECTS, alertReason, bookedTimesText, callerSummary, maskedEntities, masksContactsFor, redactPii, urgencyOf } from "@nikki/core";
import { and, eq, isNull } from "drizzle-orm";
import { appointmentsByCall, callAppointmentsQuery } from "../appointments/of-calls";
import { calls } from "../db/schema";
import { inOneTrip } from "../db/one-trip";
import { type CallAlert, type CallAlertResult, type CallEffectsOf, callOfRow } from "../call-effects/call-effects";
import { type LogLevel, createLogger } from "../logger";
import { alertRecipientsQuery } from "../org/alert-recipients";
import { ownNamesOf, ownNamesQuery } from "../org/own-names";
import type { Services } from "../services";
import { type PostCallFacts, postCallFacts } from "./post-call-facts";

function alertText(input: {
  reason: CallAlert["reason"];
  organization: string;
  from: string;
  agent: string | null;
  entities: Record<string, string>;
  /** The times the call booked, in the business's time zone (bookedTimesText). */
  booked: string;
  summary: string | null;
  link: string;
}): string {
  const { entities } = input;
  const who = entities.name ? `${entities.name} (${input.from})` : input.from;
  const details = [
    entities.phone && entities.phone !== input.from ? `Phone: ${entities.phone}` : "",
    entities.email ? `E-mail: ${entities.email}` : "",
    entities.intent ? `Wants: ${entities.intent}` : "",
    input.booked ? `Appointment: ${input.booked}` : entities.appointment_time ? `Asked for: ${entities.appointment_time}` : "",
    entities.urgency ? `Urgency: ${entities.urgency}` : "",
  ].filter(Boolean);
  return [
    `${ALERT_SUBJECTS[input.reason]} for ${input.organization}: ${who}${input.agent ? `, answered by ${input.agent}` : ""}.`,
    ...details,
    input.summary ? `\n${input.summary}` : "",
    `\nOpen the call: ${input.link}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * Once a call is analysed: when it captured a lead, booked an appointment or was urgent, the owner and members who
 * opted in get an e-mail, and the digest phone a text, each channel as the organization's settings allow: the call's
 * effect (a Test Suite call's is recorded as what would have been sent). Once per call (alerted_at is claimed first, so
 * a re-analysis or a second alarm cannot send it again). `facts`: the call as already read (postCallFacts).
 */
export async function sendCallAlert(services: Services, callId: string, effectsOf: CallEffectsOf, facts?: PostCallFacts): Promise<CallAlertResult | null> {
  const { db } = services;
  const row = facts ?? (await postCallFacts(db, callId));
  if (!row || row.call.processingStatus !== "processed" || row.call.alertedAt) return null;
  // The caller's contact details as given (kept so whatever the redaction setting); a call stored redacted before stays masked.
  const entities: Record<string, string> = row.call.entities ? (JSON.parse(row.call.entities) as Record<string, string>) : {};
  const reason = alertReason(row.outcome, urgencyOf(entities.urgency));
  if (!reason) return null;
  const organizationId = row.call.organizationId;
  // The claim and what the alert says, in one round trip: read for nothing only when another alarm claimed it first.
  const [claimed, booked, recipients, ownNames] = await inOneTrip(db, [
    db
      .update(calls)
      .set({ alertedAt: new Date() })
      .where(and(eq(calls.id, callId), isNull(calls.alertedAt)))
      .returning({ id: calls.id }),
    callAppointmentsQuery(db, organizationId, [callId]),
    alertRecipientsQuery(db, organizationId),
    ownNamesQuery(db, organizationId),
  ]);
  if (claimed.length === 0) return null;

  const origin = services.config.publicOrigin ?? "";
  const bookedText = bookedTimesText(appointmentsByCall(booked, row.timeZone).get(callId) ?? []);
  // Who called, by name and number; a viewer who opted in reads the contact details masked, as the dashboard shows them.
  const alertFor = (masks: boolean) => {
    const keep = ownNamesOf(ownNames);
    const shown = masks ? maskedEntities(entities, keep) : entities;
    const stored = masks && row.call.summary ? redactPii(row.call.summary, keep) : row.call.summary;
    // The summary's masked name is the caller's, named as the e-mail names them (or "The caller").
    const summary = stored ? callerSummary(stored, shown.name) : null;
    const link = `${origin}/dashboard/calls?call=${callId}`;
    return {
      subject: `${ALERT_SUBJECTS[reason]}: ${shown.name || row.call.fromNumber}`,
      text: alertText({
        reason,
        organization: row.organizationName,
        from: row.call.fromNumber,
        agent: row.agentName,
        entities: shown,
        booked: bookedText,
        summary,
        link,
      }),
    };
  };
  const digestPhone = row.settings?.digestPhone;
  const log = createLogger({ component: "call_alerts", call_id: callId }, services.config.LOG_LEVEL as LogLevel);
  return effectsOf(callOfRow(row.call), { services, log }).alert({
    reason,
    mails: (row.settings?.alertEmail ?? true) ? recipients.map(({ email, role }) => ({ to: email, ...alertFor(masksContactsFor(role)) })) : [],
    text: (row.settings?.alertSms ?? true) && digestPhone ? { from: row.call.toNumber, to: digestPhone, body: alertFor(false).text.slice(0, 1500) } : null,
  });
}
