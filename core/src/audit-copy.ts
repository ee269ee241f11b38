/**
 * The activity log in the owner's words (issue 54 §13): "Agent Sofia created", "Number +15125550100 bought", never an
 * action code and an id. The audit log stores codes and ids (worker/src/audit.ts); the server names each entry's
 * target (the agent's name, the number, the booked person and time: worker/src/routes/org/audit-subjects.ts) and this
 * file makes the sentence.
 */
import { integrationName } from "./integrations";
import { displayPhone } from "./phone";
import { TEST_SCENARIOS } from "./test-suite";

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  "account_created",
  "sign_in",
  "sign_in_failed",
  "invitation_created",
  "invitation_canceled",
  "invitation_accepted",
  "invitation_revoked",
  "member_role_changed",
  "member_removed",
  "organization_updated",
  "organization_exported",
  "organization_deleted",
  "settings_updated",
  "agent_created",
  "agent_updated",
  "agent_deleted",
  "number_bought",
  "number_updated",
  "number_released",
  "numbers_synced",
  "widget_key_rotated",
  "integration_saved",
  "integration_tested",
  "integration_removed",
  "checkout_started",
  "call_pushed_to_crm",
  "call_texted",
  "call_watched",
  "call_listened",
  "call_note_sent",
  "call_taken_over",
  "call_ended_by_owner",
  "number_blocked",
  "number_unblocked",
  "test_call_started",
  "retention_purged",
  "billing_portal_opened",
  "second_subscription_ended",
  "two_factor_enabled",
  "two_factor_disabled",
  "service_created",
  "service_updated",
  "service_deleted",
  "appointment_created",
  "appointment_rescheduled",
  "appointment_canceled",
  "calendar_feed_rotated",
  "calendar_connected",
  "knowledge_question_answered",
  "knowledge_question_dismissed",
  "knowledge_import_started",
  "knowledge_created",
  "knowledge_updated",
  "knowledge_deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry as the sentence needs it. */
export interface AuditFacts {
  action: string;
  /** As stored: an id, or already a name (an e-mail, a number, a provider, an address). */
  target: string | null;
  /** The target by name when it is an id the server could name ("Sofia"; "Ada Lovelace on Tuesday, December 8 at 9:00 AM"). */
  subject: string | null;
  details: Record<string, unknown> | null;
}

type Details = Record<string, unknown>;
type Sentence = (subject: string | null, target: string | null, details: Details) => string;

const detail = (details: Details, key: string) => {
  const value = details[key];
  return typeof value === "string" && value.trim() ? value.trim() : null;
};
/** Fields whose stored names read badly as words. */
const FIELD_WORDS: Record<string, string> = {
  assigned_agent_id: "agent",
  business_hours_tz: "time zone",
  persona_prompt: "persona",
  crm_mapping: "CRM mapping",
  friendly_name: "name",
  point_webhooks_here: "webhooks",
  duration_minutes: "duration",
  buffer_minutes: "buffer",
  agent_ids: "agents",
  chat_agent_id: "chat agent",
  silence_duration_ms: "pause before answering",
  interruption_min_ms: "interruption minimum",
  realtime_model: "model",
};
/** A stored field name in words: "transcript_retention_days" is "transcript retention days". */
const words = (key: string) => FIELD_WORDS[key] ?? key.replace(/_json$/, "").replace(/_/g, " ");
/** "(name, greeting)" for the fields an edit changed; nothing when it did not say. */
const changed = (details: Details) => {
  const fields = Array.isArray(details.changed) ? details.changed.filter((field): field is string => typeof field === "string") : [];
  return fields.length ? ` (${fields.map(words).join(", ")})` : "";
};
/** "Agent Sofia", or "An agent" when it has no name the log knows. */
const named = (kind: string, name: string | null, article = "A") => (name ? `${kind} ${name}` : `${article} ${kind.toLowerCase()}`);
const quoted = (text: string | null) => (text ? ` “${text}”` : "");

/** Who made a booking change, from its entry's `source` (appointments/commands/actor.ts). */
const BOOKING_SOURCES: Record<string, string> = {
  dashboard: "from the dashboard",
  call: "by a caller",
  manage_page: "by the client on their booking page",
  google_calendar: "in Google Calendar",
  calcom: "in Cal.com",
};
const booking = (change: string): Sentence => {
  return (subject, _target, details) => {
    const by = BOOKING_SOURCES[detail(details, "source") ?? ""];
    return `${subject ? `Appointment for ${subject}` : "An appointment"} ${change}${by ? ` ${by}` : ""}`;
  };
};

const scenarioTitle = (id: string | null) => TEST_SCENARIOS.find((scenario) => scenario.id === id)?.title ?? null;

const SENTENCES: Record<AuditAction, Sentence> = {
  account_created: () => "Account and business created",
  sign_in: () => "Signed in",
  sign_in_failed: () => "Sign-in failed (wrong password or code)",
  invitation_created: (_s, target, details) => `Invited ${target ?? "a new member"}${detail(details, "role") ? ` as ${detail(details, "role")}` : ""}`,
  invitation_canceled: (_s, target) => `Invitation to ${target ?? "a new member"} canceled`,
  invitation_accepted: (subject, _t, details) =>
    `${subject ?? "An invited member"} joined the team${detail(details, "role") ? ` as ${detail(details, "role")}` : ""}`,
  invitation_revoked: (subject) => `Invitation to ${subject ?? "a new member"} revoked after wrong codes`,
  member_role_changed: (_s, target, details) =>
    `${target ?? "A member"}'s role changed${detail(details, "from") ? ` from ${detail(details, "from")}` : ""}${detail(details, "to") ? ` to ${detail(details, "to")}` : ""}`,
  member_removed: (_s, target) => `${target ?? "A member"} removed from the team`,
  organization_updated: (_s, _t, details) => {
    const name = detail(details, "name");
    const parts = [name ? `renamed to “${name}”` : null, "domain" in details ? `website domain ${detail(details, "domain") ?? "removed"}` : null];
    return `Business ${parts.filter(Boolean).join(", ") || "details saved"}`;
  },
  organization_exported: () => "Business data exported",
  organization_deleted: () => "Business closed",
  settings_updated: (_s, _t, details) => `Settings changed${changed(details)}`,
  agent_created: (subject) => `${named("Agent", subject, "An")} created`,
  agent_updated: (subject, _t, details) => `${named("Agent", subject, "An")} edited${changed(details)}`,
  agent_deleted: (subject) => `${named("Agent", subject, "An")} deleted`,
  number_bought: (subject) => `${named("Number", subject)} bought`,
  number_updated: (subject, _t, details) => `${named("Number", subject)} updated${changed(details)}`,
  number_released: (subject) => `${named("Number", subject)} released`,
  numbers_synced: () => "Numbers refreshed from the phone account",
  widget_key_rotated: () => "Website widget key replaced",
  integration_saved: (_s, target) => `${integrationName(target ?? "An integration")} credentials saved`,
  integration_tested: (_s, target) => `${integrationName(target ?? "An integration")} connection tested`,
  integration_removed: (_s, target) => `${integrationName(target ?? "An integration")} disconnected`,
  checkout_started: (_s, _t, details) => `Checkout started${detail(details, "plan") ? ` for the ${detail(details, "plan")} plan` : ""}`,
  call_pushed_to_crm: (subject) => `${subject ? `Call from ${subject}` : "A call"} pushed to the CRM`,
  call_texted: (subject) => `Texted ${subject ?? "a caller"} after their call`,
  call_watched: (subject) => `Watched ${subject ? `the call from ${subject}` : "a call"} live`,
  call_listened: (subject) => `Listened in to ${subject ? `the call from ${subject}` : "a call"}`,
  call_note_sent: (subject) => `Sent a note to the agent on ${subject ? `the call from ${subject}` : "a call"}`,
  call_taken_over: (subject, _t, details) =>
    `Took over ${subject ? `the call from ${subject}` : "a call"}${detail(details, "number") ? ` on ${detail(details, "number")}` : ""}`,
  call_ended_by_owner: (subject) => `Ended ${subject ? `the call from ${subject}` : "a call"} from the live view`,
  number_blocked: (_s, target) => `${target ?? "A number"} blocked`,
  number_unblocked: (_s, target) => `${target ?? "A number"} unblocked`,
  test_call_started: (_s, target) => `Test Suite call started${quoted(scenarioTitle(target))}`,
  retention_purged: () => "Old transcripts and recordings deleted (retention settings)",
  billing_portal_opened: () => "Billing portal opened",
  second_subscription_ended: (_s, target) =>
    `A second Stripe subscription${target ? ` (${target})` : ""} was set to end with its current period; the plan already in place was kept`,
  two_factor_enabled: () => "Two-factor authentication turned on",
  two_factor_disabled: () => "Two-factor authentication turned off",
  service_created: (subject) => `${named("Service", subject)} created`,
  service_updated: (subject, _t, details) => `${named("Service", subject)} edited${changed(details)}`,
  service_deleted: (subject) => `${named("Service", subject)} deleted`,
  appointment_created: booking("booked"),
  appointment_rescheduled: booking("moved"),
  appointment_canceled: booking("canceled"),
  calendar_feed_rotated: () => "Calendar feed link replaced",
  calendar_connected: (_s, target) => `${integrationName(target ?? "google_calendar")} connected`,
  knowledge_question_answered: (subject) => `Callers' question answered${quoted(subject)}`,
  knowledge_question_dismissed: (subject, _t, details) => `Callers' question dismissed${quoted(subject ?? detail(details, "text"))}`,
  knowledge_import_started: (_s, target) => `Website import started${target ? ` from ${target.replace(/^https?:\/\//, "").replace(/\/$/, "")}` : ""}`,
  knowledge_created: (subject) => `Knowledge added${quoted(subject)}`,
  knowledge_updated: (subject, _t, details) => `Knowledge edited${quoted(subject)}${changed(details)}`,
  knowledge_deleted: (subject) => `Knowledge deleted${quoted(subject)}`,
};

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

/** The entry in one sentence. An action this copy does not know is put in words, never shown as a code. */
export function auditSentence(entry: AuditFacts): string {
  if (!isAuditAction(entry.action)) return words(entry.action).replace(/^./, (first) => first.toUpperCase());
  // Numbers as the rest of the dashboard writes them ("+1 512-555-0100"); a name or an id is left as it is.
  const shown = (value: string | null) => (value === null ? null : displayPhone(value));
  const details = entry.details ?? {};
  const number = details.number;
  return SENTENCES[entry.action](
    shown(entry.subject),
    shown(entry.target),
    typeof number === "string" ? { ...details, number: displayPhone(number) } : details,
  );
}
