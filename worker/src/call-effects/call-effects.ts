/**
 * A call's effects (DESIGN.md "One path per effect"): everything a call does beyond talking and storing itself, as ONE
 * interface handed to the call. Its tools and its after-call pipeline ask for an effect here and never ask whether the
 * call is a test: the live implementation (live.ts) does each through its one path; the Test Suite's
 * (test-suite/recorded-effects.ts) records it as what would have been done, answering as if it had been. Which one a
 * call gets is chosen once, from its setup or its row (test-suite/call-effects-of.ts).
 */
import type { CrmWebhookPayload } from "@nikki/core";
import type { BookingContext } from "../appointments/context";
import type { BookingRequest, CommandResult } from "../appointments/commands";
import type { AppointmentRow } from "../appointments/store";
import type { SpendLimits } from "../billing/spend";
import type { OverageSubscription } from "../billing/usage";
import type { calls } from "../db/schema";
import type { AskedQuestion } from "../knowledge/record-questions";
import type { Logger } from "../logger";
import type { TextResult } from "../messaging/send-text";
import type { Providers, Services } from "../services";
import type { CrmClient } from "../services/crm";
import type { MailMessage } from "../services/mail";

/** The call the effects belong to. */
export interface EffectsCall {
  callId: string;
  callSid: string;
  organizationId: string;
  /** The business's number on the call: what its texts and transfers go from. */
  businessNumber: string;
  callerNumber: string;
}

/** Whether a call is the Test Suite's: its setup says so during the call (`test`), its row after it (`kind`). */
export type CallOfEffects = EffectsCall & ({ test: boolean } | { kind: (typeof calls.$inferSelect)["kind"] });

/** A call as its row stores it, for the effects after it. */
export function callOfRow(
  row: Pick<typeof calls.$inferSelect, "id" | "callSid" | "organizationId" | "kind" | "direction" | "fromNumber" | "toNumber">,
): CallOfEffects {
  const [businessNumber, callerNumber] = row.direction === "outbound" ? [row.fromNumber, row.toNumber] : [row.toNumber, row.fromNumber];
  return { callId: row.id, callSid: row.callSid, organizationId: row.organizationId, kind: row.kind, businessNumber, callerNumber };
}

/** What the call's CallSession keeps of a warm transfer (voice/transfer/keeper.ts). */
export interface TransferKeeping {
  /** Keeps the transfer about to start; false when one was already tried on this call. */
  begin(transfer: { numbers: string[]; reason: string; callerName: string }): Promise<boolean>;
  /** Twilio could not be told: the transfer is forgotten. */
  cancel(): Promise<void>;
}

export interface EffectsDeps {
  services: Services;
  log: Logger;
  /** The organization's accounts, when the call holds them already (its tools). */
  providers?: Providers;
  /** The call's CallSession keeps a warm transfer; absent where no live call runs (after the call). */
  transfers?: TransferKeeping;
}

/** How a call's effects are chosen for it (test-suite/call-effects-of.ts): handed down to whatever needs them. */
export type CallEffectsOf = (call: CallOfEffects, deps: EffectsDeps) => CallEffects;

/** A text of the call: one the model sends (send_sms), or the thank-you after it. */
export interface CallText {
  purpose: "call_tool" | "call_follow_up";
  /** The business's number it goes from; null when it has none. */
  from: string | null;
  to: string;
  body: string;
  /** Kept in the recipient's SMS thread, so a reply continues the conversation. */
  thread?: boolean;
}

/** push_crm_lead's caller, checked. */
export interface CallerLead {
  name: string;
  phone: string;
  email: string | null;
  intent: string | null;
  notes: string | null;
}

/** Where push_crm_lead saved the caller: the lead list (its row, when stored) and the CRM when there is one. */
export interface SavedLead {
  leadId: string | null;
  savedTo: string;
  /** The CRM refused the lead: it is in the lead list, for the team to sync. */
  crmError?: string;
}

/** A free time check_availability offered, with the label read out. */
export interface OfferedSlot {
  start: Date;
  end: Date;
  label: string;
}

/** transfer_call's transfer: the numbers to ring in turn, for the briefing, and the TwiML that starts it. */
export interface CallTransfer {
  numbers: string[];
  reason: string;
  callerName: string;
  twiml: string;
}

export type TransferStart = "started" | "unavailable" | "already_tried" | "failed";

/** What Twilio is told when the call's stream ends and the call itself must stop or go on (dropped: the message path). */
export type CallUpdate = { status: "completed" } | { twiml: string };

export type PushOutcome = "pushed" | "already_pushed" | "no_crm" | "no_phone" | "failed";

/** The caller pushed to the CRM after the call's analysis. `again`: even when the call pushed a lead already. */
export interface LeadPush {
  crm: CrmClient;
  lead: CallerLead & { properties: Record<string, string> };
  again: boolean;
}

/** A call's alert, as it would be sent: an e-mail per recipient, and the text to the digest phone. */
export interface CallAlert {
  reason: "lead" | "appointment" | "urgent";
  mails: MailMessage[];
  text: { from: string; to: string; body: string } | null;
}

export interface CallAlertResult {
  reason: CallAlert["reason"];
  emailed: string[];
  texted: string | null;
}

/** An appointment the call booked, as stored: what its analysis states as booked (the time from here, never the model's words). */
export interface CallBooking {
  service: string;
  start: Date;
  timeZone: string;
}

/** A call's end, as its status callback recorded it, with what charging it reads of the organization. */
export interface ChargedCall {
  id: string;
  callSid: string;
  organizationId: string;
  durationSeconds: number | null;
  costMicroUsd: number | null;
  screened: string | null;
  limits: SpendLimits;
  subscription: OverageSubscription | null;
  /** The AI never took it: it costs `neverTakenCostMicroUsd`, its telephony alone, and none of the plan's minutes. */
  neverTaken: boolean;
  neverTakenCostMicroUsd: number;
}

export interface CallEffects {
  /** A text of the call, through the messaging gate. */
  text(text: CallText): Promise<TextResult>;
  /** push_crm_lead: the caller in the business's lead list and its CRM. */
  saveLead(lead: CallerLead): Promise<SavedLead>;
  /** check_availability's offer: only words on a call; the Test Suite keeps it for its verdict. */
  offered(slots: OfferedSlot[]): Promise<void>;
  /** A booking, move or cancellation of the caller's, through the appointment commands. */
  book(context: BookingContext, request: BookingRequest): Promise<CommandResult>;
  reschedule(context: BookingContext, row: AppointmentRow, start: Date): Promise<CommandResult>;
  cancel(row: AppointmentRow): Promise<CommandResult>;
  /** transfer_call: the caller on hold while the team is rung. */
  transfer(transfer: CallTransfer): Promise<TransferStart>;
  /** Twilio told how the call goes on now its stream ended (hang up, or the message path). */
  endCall(update: CallUpdate): Promise<void>;
  /** After the analysis: the caller as a lead in the business's CRM. */
  pushLead(push: LeadPush): Promise<PushOutcome>;
  /** After the analysis: the call posted to the organization's CRM webhook. */
  postWebhook(url: string, payload: CrmWebhookPayload): Promise<void>;
  /** After the analysis: the owner and members e-mailed, the digest phone texted; null when the alert was not sent. */
  alert(alert: CallAlert): Promise<CallAlertResult | null>;
  /** For the analysis: the appointments the call booked, oldest first (a Test Suite call's, as recorded). */
  bookings(): Promise<CallBooking[]>;
  /** After the analysis: the questions nobody answered, in the owner's inbox. */
  keepQuestions(asked: AskedQuestion[]): Promise<void>;
  /** After the analysis: the caller asked not to be remembered, and is not. */
  forgetCaller(): Promise<void>;
  /** At the end: the call's cost to the day's spend, and its minutes beyond the plan to the billing meter (left running). */
  charge(call: ChargedCall): Promise<{ overage: Promise<unknown> | null }>;
}
