import * as z from "zod/mini";
import { plural } from "./plural";
import type { AnsweredBy, DialPurpose } from "./answering-machine";
import type { CallAppointmentResource } from "./appointments";
import type { CallTransfer } from "./call-transfer";
import type { OwnerNote } from "./live-calls";
import { pageMarkerSchema } from "./page-marker";
import { type ScreenedAs, screenedOutcome } from "./screening";
import type { CallTextResource } from "./texts";

/**
 * What a call came to (issue 10 §2): shown in Calls and Overview and filtered on the server. A call still going on has
 * come to nothing yet (in_progress); a member's own test call that booked or saved nothing simply ended (test_call).
 */
export const CALL_OUTCOMES = ["appointment", "lead", "info", "hangup", "voicemail", "silent", "spam", "in_progress", "test_call"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_STATUSES = ["in-progress", "completed", "abandoned", "busy", "no-answer", "failed", "canceled"] as const;
export const CALL_KINDS = ["conversation", "voicemail", "test"] as const;

/**
 * Where a call's analysis stands: waiting for (or in) the model, done, failed after its retries, or skipped: the call
 * never reached the AI (the caller hung up before Nikki answered, nobody picked up), so there was nothing to process.
 */
export const PROCESSING_STATUSES = ["pending", "processed", "failed", "skipped"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** A caller who leaves within this long, or says nothing, hung up. */
export const HANGUP_SECONDS = 10;

/**
 * The outcome rule: Appointment when a booking was made; Lead when a lead was pushed or a name and phone were
 * captured; In progress while the call goes on; a member's test call (placed for `test_call`) that did neither: Call
 * ended; Hangup when the caller said nothing, or left within 10 s before the agent answered them (a quick question
 * answered is Info); else Info. A call the product placed that a machine
 * answered: Voicemail (a message left), or Hangup (a fax). A screened call (screening.ts) is Silent or Spam whatever
 * else it holds. (The call list's SQL mirrors it: worker/src/db/call-outcome.ts.)
 */
export function callOutcome(call: {
  screened?: ScreenedAs | null;
  booked: boolean;
  leadSaved: boolean;
  name: string;
  phone: string;
  durationSeconds: number | null;
  callerSpoke: boolean;
  /** The agent spoke after the caller's first words. */
  callerAnswered: boolean;
  answeredBy?: AnsweredBy | null;
  status?: (typeof CALL_STATUSES)[number];
  placedFor?: DialPurpose | null;
}): CallOutcome {
  if (call.screened) return screenedOutcome(call.screened);
  if (call.answeredBy === "machine") return "voicemail";
  if (call.answeredBy === "fax") return "hangup";
  if (call.booked) return "appointment";
  if (call.leadSaved || (call.name.trim() !== "" && call.phone.trim() !== "")) return "lead";
  if (call.status === "in-progress") return "in_progress";
  if (call.placedFor === "test_call") return "test_call";
  if (!call.callerSpoke || ((call.durationSeconds ?? 0) < HANGUP_SECONDS && !call.callerAnswered)) return "hangup";
  return "info";
}

export const CALL_MESSAGES = {
  empty: "No calls found. Call data will appear here once you receive calls.",
  loadFailed: "Failed to load call history",
  noRecording: "No recording available",
  noSummary: "No summary available",
  noEntities: "No entities extracted",
  noTranscript: "No transcript available",
  abandoned: "The caller hung up before your agent answered, so there was nothing to analyse. Only the telephony minutes are charged.",
  neverReached: "The call never reached your agent, so there was nothing to analyse. Only the telephony minutes are charged.",
  processing: "Processing...",
  processed: "AI Generated",
  failed: 'Processing failed. Click "Re-run AI Analysis" to try again.',
  rerunFailed: (reason: string) => `The last re-run failed (${reason}); the analysis below is the previous one.`,
  date: "Dates must be written YYYY-MM-DD.",
  filter: (name: string, values: readonly string[]) => `${name} must be one of ${values.join(", ")}.`,
  pushed: "Pushed to CRM",
  pushFailed: "Failed to push to CRM. Check integration settings.",
  notProcessed: "Push to CRM is available once the call is processed.",
  noCrm: "No CRM is configured. Add HubSpot, GoHighLevel or Zapier in Integrations.",
  noPhone: "This call has no caller number to push.",
  smsSent: "SMS Sent",
  smsFailed: "Failed to send SMS. Check your phone account in Integrations.",
  smsBody: "Write a message of 1 to 480 characters.",
  optedOut: "This caller has opted out of texts from your business.",
  returningCaller: (previousCalls: number) => `Returning caller (${plural(previousCalls, "call")})`,
} as const;

/** `POST /api/calls/:id/sms`. */
export const callSmsSchema = z.strictObject({
  body: z.string(CALL_MESSAGES.smsBody).check(z.trim(), z.minLength(1, CALL_MESSAGES.smsBody), z.maxLength(480, CALL_MESSAGES.smsBody)),
});

const isoDate = z.string(CALL_MESSAGES.date).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, CALL_MESSAGES.date));

/** `GET /api/calls` query: filters applied on the server; unknown parameters are refused. */
export const callListQuerySchema = z.strictObject({
  status: z.optional(z.enum(["all", ...CALL_STATUSES], CALL_MESSAGES.filter("status", ["all", ...CALL_STATUSES]))),
  kind: z.optional(z.enum(CALL_KINDS, CALL_MESSAGES.filter("kind", CALL_KINDS))),
  after_hours: z.optional(z.enum(["true", "false"], CALL_MESSAGES.filter("after_hours", ["true", "false"]))),
  outcome: z.optional(z.enum(CALL_OUTCOMES, CALL_MESSAGES.filter("outcome", CALL_OUTCOMES))),
  agent_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  date_from: z.optional(isoDate),
  date_to: z.optional(isoDate),
  q: z.optional(z.string().check(z.trim(), z.maxLength(80, "Search for at most 80 characters."))),
  cursor: pageMarkerSchema,
});
export type CallListQuery = z.output<typeof callListQuerySchema>;

/** A row of the call list. */
export interface CallResource {
  id: string;
  call_sid: string;
  from_number: string;
  to_number: string;
  agent_id: string | null;
  agent_name: string | null;
  duration_seconds: number | null;
  status: (typeof CALL_STATUSES)[number];
  kind: (typeof CALL_KINDS)[number];
  after_hours: boolean;
  /** The moment a Test Suite call simulated (its after-hours scenario's closed hour); null for a real call. */
  simulated_at: string | null;
  outcome: CallOutcome;
  /** Who answered a call the product placed (answering machine detection); null when not checked. */
  answered_by: AnsweredBy | null;
  /** Why the product placed it: a member's test call, a visitor's demo call; null for a call that rang in. */
  placed_for: DialPurpose | null;
  processing_status: ProcessingStatus;
  sentiment: "positive" | "neutral" | "negative" | null;
  /** Whether this number called this business before, and how many times (inbound calls; a Test Suite call never is). */
  caller: { returning: boolean; previous_calls: number };
  created_at: string;
}

/**
 * One turn as the caller heard it (issue 55 §1): from the end of their speech to the first frame of the answer sent to
 * them, the model's part (to its first audio) and the product's (from that audio to the frame out). `at_ms`: where in
 * the call the caller's speech ended.
 */
export interface TurnLatency {
  at_ms: number;
  voice_to_voice_ms: number;
  model_ms: number;
  product_ms: number;
}

/** A call's latency figures (issue 10 §3; voice to voice, issue 55). */
export interface CallLatency {
  greeting_ms: number | null;
  /** The bridge's own clock, from the model's end-of-turn event to the answer's first audio (kept as before). */
  turn_gaps_ms: number[];
  turn_gap_p50_ms: number | null;
  turn_gap_p95_ms: number | null;
  /** Every answered turn; [] in calls stored before it was measured. */
  turns: TurnLatency[];
  voice_to_voice_p50_ms: number | null;
  voice_to_voice_p90_ms: number | null;
  product_p95_ms: number | null;
  barge_ins: number;
  tools: { name: string; ms: number; ok: boolean }[];
}

export interface CallDetailResource extends CallResource {
  /** Null for a call that never reached the AI (voicemail, unanswered) or ended before this was measured. */
  latency: CallLatency | null;
  /** Estimated from core's price table (telephony and model minutes), in dollars; null until the call ended. */
  cost_usd: number | null;
  transcript: { role: "user" | "assistant"; content: string; at_ms: number | null }[];
  summary: string | null;
  entities: Record<string, string>;
  /** A recording worth playing exists (none for a call that never reached the AI: at most its seconds connecting). */
  recording: boolean;
  processing_error: string | null;
  /** Whether the transcript was stored redacted (the organization's PII setting at the time). */
  redacted: boolean;
  /** What the call booked, its times in the business's time zone. */
  appointments: CallAppointmentResource[];
  /** The caller's language, detected from their first turn ("en", "es", …); null for a call the AI never took. */
  language: string | null;
  /** The realtime model that answered ("gpt-realtime"); null for a call the AI never took. */
  realtime_model: string | null;
  /** A warm transfer tried during the call (issue 37), null when none was. */
  transfer: CallTransfer | null;
  /** Why the call was screened (screening.ts: silent, blocked, talk_over, repeat_caller); null for a customer's call. */
  screened: ScreenedAs | null;
  /** The caller's number is in Settings › Calls' blocked numbers. */
  number_blocked: boolean;
  /** What the caller asked that the agent's knowledge did not answer (issue 39 §4), found by the analysis; [] when none. */
  unanswered_questions: string[];
  /** The notes owners and admins sent the agent during the call (issue 56 §3), shown to them as "Owner note"; [] for viewers. */
  owner_notes: OwnerNote[];
  /** The texts sent (or refused) about the call, oldest first: its booking's texts, follow-up, alert. */
  texts: CallTextResource[];
}

/** What `GET /api/events` sends an organization's open dashboards: one of its calls was inserted or changed. */
export interface LiveCallEvent {
  type: "call";
  id: string;
  processing_status?: ProcessingStatus;
}

/** `GET /api/overview`: the current billing period's figures, Test Suite calls left out. */
export interface OverviewResource {
  minutes_used: number;
  minutes_included: number | null;
  answered_calls: number;
  leads_captured: number;
  appointments_booked: number;
  after_hours_calls: number;
  avg_greeting_ms: number | null;
  turn_gap_p50_ms: number | null;
  turn_gap_p95_ms: number | null;
  /** The last 7 days' answered turns, voice to voice (null with none). */
  voice_to_voice_p50_ms: number | null;
  voice_to_voice_p90_ms: number | null;
  daily_minutes: { date: string; minutes: number }[];
  recent_calls: CallResource[];
  /** Calls in progress now (the Calls page's "Live now"). */
  live_calls: number;
}
