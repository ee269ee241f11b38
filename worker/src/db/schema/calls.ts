/** Calls and what comes of them: leads, message threads, SMS opt-outs (appointments: appointments.ts). */
import { ANSWERED_BY, DIAL_PURPOSES, PROCESSING_STATUSES } from "@nikki/core";
import { sql } from "drizzle-orm";
import { index, uniqueIndex, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { organizations } from "./accounts";
import { agents } from "./organization";

/**
 * Spec 001 §3 "Call". `transcript` is a JSON list of transcript entries (000 §3: role, content,
 * timestamp); `entities` a JSON object. Processing retries are scheduled by `nextAttemptAt`.
 */
export const calls = sqliteTable(
  "calls",
  {
    id: id(),
    callSid: text("call_sid").notNull().unique(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    direction: text("direction", { enum: ["inbound", "outbound"] })
      .notNull()
      .default("inbound"),
    kind: text("kind", { enum: ["conversation", "voicemail", "test"] })
      .notNull()
      .default("conversation"),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    durationSeconds: integer("duration_seconds"),
    recordingUrl: text("recording_url"),
    transcript: text("transcript"),
    summary: text("summary"),
    entities: text("entities"),
    sentiment: text("sentiment", { enum: ["positive", "neutral", "negative"] }),
    status: text("status", {
      enum: ["in-progress", "completed", "abandoned", "busy", "no-answer", "failed", "canceled"],
    })
      .notNull()
      .default("in-progress"),
    processingStatus: text("processing_status", { enum: PROCESSING_STATUSES }).notNull().default("pending"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    processingError: text("processing_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    modelUsed: text("model_used"),
    /** The realtime model that answered the call, written when its stream took the plan; null: the AI never took it. */
    realtimeModel: text("realtime_model"),
    afterHours: integer("after_hours", { mode: "boolean" }).notNull().default(false),
    /** The moment a Test Suite call played out (the after-hours scenario's closed hour); null for a real call. */
    simulatedAt: integer("simulated_at", { mode: "timestamp_ms" }),
    /**
     * The caller's language, detected from their first turn (else noted by the analysis): the primary subtag of an agent
     * language ("en", "es"); what the texts after the call and a returning caller's next call follow.
     */
    language: text("language"),
    billedMinutes: integer("billed_minutes"),
    /** Latency figures (voice/call-metrics.ts: greeting, turn gaps, barge-ins, tools), JSON. */
    metrics: text("metrics"),
    /** What the call cost, estimated from core's price table when it ended. */
    costMicroUsd: integer("cost_micro_usd"),
    meterReportedAt: integer("meter_reported_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    /**
     * What the voice webhook decided for the call's stream (voice/answered-plan.ts: the setup and the media plane's plan,
     * no key), JSON; moved into the call's CallSession when the stream asks for it, and cleared at the call's end. Still
     * set at the end: the AI never took the call.
     */
    callPlan: text("call_plan"),
    /** Who answered a call the product placed (Twilio's answering machine detection); null when not checked. */
    answeredBy: text("answered_by", { enum: ANSWERED_BY }),
    /**
     * Why the product placed the call: a member's test call from the dashboard (not a customer's: Overview leaves it out
     * of its answered calls), or a website visitor's demo call; null for a call that rang in.
     */
    placedFor: text("placed_for", { enum: DIAL_PURPOSES }),
    /** A warm transfer's result (issue 37), JSON: {target, outcome, waited_s}; null when none was tried. */
    transfer: text("transfer"),
    /** Why the call was screened (core's screening.ts: silent, blocked, talk_over, repeat_caller); null: a customer's call. */
    screened: text("screened", { enum: ["silent", "blocked", "talk_over", "repeat_caller"] }),
    /** The caller's questions no knowledge answered (issue 39), JSON list of strings; null until analysed. */
    unansweredQuestions: text("unanswered_questions"),
    /** When the call's alert (lead, booking, urgent) went out, so a re-analysis never sends it twice. */
    alertedAt: integer("alerted_at", { mode: "timestamp_ms" }),
    /**
     * Where a call in progress is beyond talking with the agent (issue 56: a number ringing for a transfer, the caller
     * put through), for the Calls page's "Live now"; null while it talks with the agent (or answers, or is over).
     */
    liveState: text("live_state", { enum: ["ringing", "connected"] }),
    /** Whom `liveState` is with ("Ada", "+1 512-555-0101"), as the live view names them; null with it. */
    liveWith: text("live_with"),
    /** The notes owners and admins sent the agent during the call (issue 56 §3), JSON list of {id, text, at, by}; never in the transcript. */
    ownerNotes: text("owner_notes"),
  },
  (t) => [
    index("calls_org_created_idx").on(t.organizationId, t.createdAt),
    index("calls_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("calls_org_agent_created_idx").on(t.organizationId, t.agentId, t.createdAt),
    index("calls_processing_due_idx").on(t.processingStatus, t.nextAttemptAt),
    // A caller's earlier calls to one business: the memory read while the phone rings, and the detail's previous_calls.
    index("calls_org_from_created_idx").on(t.organizationId, t.fromNumber, t.createdAt),
    // The calls whose end was never recorded, few at any time, found by the reconcile cron (jobs/reconcile-calls.ts).
    index("calls_open_created_idx").on(t.createdAt).where(sql`${t.status} = 'in-progress'`),
  ],
);

/**
 * Spec 000 §3 "Lead (submitted)". `organizationId` is null for leads of the product's own site
 * (prospects of Nikki AI itself); leads taken by an agent belong to its organization.
 */
export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    callId: text("call_id").references(() => calls.id, { onDelete: "set null" }),
    source: text("source", { enum: ["form", "call", "chat", "sms"] })
      .notNull()
      .default("form"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    intent: text("intent"),
    notes: text("notes"),
    desiredDateTime: text("desired_date_time"),
    sourcePage: text("source_page"),
    crmSyncedAt: integer("crm_synced_at", { mode: "timestamp_ms" }),
    /** Who sent a lead-form submission: a keyed hash of the address, so the per-address limit counts stored leads. */
    submitter: text("submitter"),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_org_created_idx").on(t.organizationId, t.createdAt),
    index("leads_submitter_created_idx").on(t.submitter, t.createdAt),
    index("leads_call_idx").on(t.callId),
  ],
);

/** Chat and SMS threads (spec 000 §3 "Chat message": role, content), one thread per key. */
export const conversationMessages = sqliteTable(
  "conversation_messages",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["chat", "sms"] }).notNull(),
    threadKey: text("thread_key").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    /** Twilio's MessageSid of an incoming text: a replayed webhook finds it taken and is not answered again. */
    messageSid: text("message_sid"),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_messages_thread_idx").on(t.organizationId, t.channel, t.threadKey, t.createdAt),
    uniqueIndex("conversation_messages_message_sid_idx").on(t.messageSid),
  ],
);

/** Numbers that texted STOP to a business: no automated text goes to them until they text START. */
export const smsOptOuts = sqliteTable(
  "sms_opt_outs",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.phone] })],
);

/**
 * Callers who asked a business not to keep their details (the call analysis heard it): they are never remembered on a
 * later call (voice/caller-memory.ts), whatever their earlier calls hold.
 */
export const callerMemoryOptOuts = sqliteTable(
  "caller_memory_opt_outs",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    /** The call they asked on. */
    callId: text("call_id").references(() => calls.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.phone] })],
);
