/** An organization's configuration: settings, widget keys, agents, numbers, integrations. */
import {
  NOISE_REDUCTIONS,
  SETTINGS_DEFAULTS,
  TEST_EXPECTATIONS,
  TEXT_LIMIT_DEFAULTS,
  TURN_DETECTIONS,
  TURN_EAGERNESS,
  TURN_TAKING_DEFAULTS,
} from "@nikki/core";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, linkToken, updatedAt } from "./columns";
import { organizations } from "./accounts";

/** Spec 001 §3 "Organization settings", with the defaults of 001 §9, plus the widget's guard rails. */
export const organizationSettings = sqliteTable("organization_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  transcriptRetentionDays: integer("transcript_retention_days").notNull().default(90),
  recordingRetentionDays: integer("recording_retention_days").notNull().default(90),
  piiRedaction: integer("pii_redaction", { mode: "boolean" }).notNull().default(true),
  recordCalls: integer("record_calls", { mode: "boolean" }).notNull().default(true),
  recordAnnounce: integer("record_announce", { mode: "boolean" }).notNull().default(true),
  /** Owners and admins may listen in to calls live (issue 56 §2); the agent then says the call may be monitored. */
  liveListening: integer("live_listening", { mode: "boolean" }).notNull().default(false),
  defaultRegion: text("default_region", { enum: ["US", "CA", "GB", "AU", "EU"] })
    .notNull()
    .default("US"),
  widgetRateIpHour: integer("widget_rate_ip_hour").notNull().default(3),
  widgetRatePhoneDay: integer("widget_rate_phone_day").notNull().default(2),
  /** JSON array of ISO country codes the Test-a-Call widget may dial (toll-fraud guard). */
  allowedCountries: text("allowed_countries").notNull().default('["US","CA"]'),
  /** JSON array of origins allowed to embed the widgets (CORS). */
  allowedOrigins: text("allowed_origins").notNull().default("[]"),
  postCallSms: integer("post_call_sms", { mode: "boolean" }).notNull().default(false),
  maxCallSeconds: integer("max_call_seconds").notNull().default(900),
  /** The widgets' look and which of them the loader shows (chat, test-call, voice-demo). */
  widgetColor: text("widget_color").notNull().default(SETTINGS_DEFAULTS.widgetColor),
  enabledWidgets: text("enabled_widgets").notNull().default(JSON.stringify(SETTINGS_DEFAULTS.enabledWidgets)),
  /** Where the widgets' "Contact us" links go; the product's /contact when unset. */
  contactUrl: text("contact_url"),
  /** Where the owner gets the morning digest of after-hours calls by text (E.164). */
  digestPhone: text("digest_phone"),
  /** The business-local date (YYYY-MM-DD) of the last digest sent, so each morning sends one. */
  lastDigestDate: text("last_digest_date"),
  /** The agent that answers the chat widget; null (or an inactive agent): the oldest active one. */
  chatAgentId: text("chat_agent_id").references((): AnySQLiteColumn => agents.id, { onDelete: "set null" }),
  /**
   * The dashboards listening on the live channel, as the organization's OrgEvents object last counted them: a call's
   * webhooks skip telling an organization nobody watches (durable/live-dashboards.ts).
   */
  liveDashboards: integer("live_dashboards").notNull().default(0),
  /** The most the organization's calls, chat and previews may cost a day, in dollars; null: the plan's default. */
  dailySpendCapUsd: integer("daily_spend_cap_usd"),
  /** Call alerts (a lead, a booking or an urgent call): e-mail to the owner and opted-in members; text to the digest phone. */
  alertEmail: integer("alert_email", { mode: "boolean" }).notNull().default(true),
  alertSms: integer("alert_sms", { mode: "boolean" }).notNull().default(true),
  /** Voice Operations: the bridge calls stream to (null: this deployment), the post-call webhook, the texts' sender. */
  bridgeWsUrl: text("bridge_ws_url"),
  crmWebhookUrl: text("crm_webhook_url"),
  smsSenderNumber: text("sms_sender_number"),
  /**
   * The Test Suite's custom scenario: the caller's lines (JSON list), what must be true after its call and, for "says",
   * the phrase. "info" (the old "answer a question", which checked nothing) means none chosen yet.
   */
  customTestLines: text("custom_test_lines").notNull().default("[]"),
  customTestExpect: text("custom_test_expect", { enum: [...TEST_EXPECTATIONS, "info"] })
    .notNull()
    .default("info"),
  customTestPhrase: text("custom_test_phrase").notNull().default(""),
  /** Booking (issue 35): notice, horizon, the grid of start times, and the dates the business is closed (JSON list). */
  bookingMinNoticeMinutes: integer("booking_min_notice_minutes").notNull().default(SETTINGS_DEFAULTS.bookingMinNoticeMinutes),
  bookingHorizonDays: integer("booking_horizon_days").notNull().default(SETTINGS_DEFAULTS.bookingHorizonDays),
  bookingSlotStepMinutes: integer("booking_slot_step_minutes").notNull().default(SETTINGS_DEFAULTS.bookingSlotStepMinutes),
  closedDates: text("closed_dates").notNull().default("[]"),
  /** Callers (E.164, JSON list) hung up on before the AI answers (issue 37 §5). */
  blockedNumbers: text("blocked_numbers").notNull().default("[]"),
  /** The private iCalendar feed's token (`/api/calendar/{token}.ics`); rotating it ends the old link. */
  calendarFeedToken: text("calendar_feed_token")
    .unique()
    .$defaultFn(() => linkToken()),
  /** The most texts an hour and a day (the business's day) the messaging gate lets through; the plan's bounds cap them. */
  textsPerHour: integer("texts_per_hour").notNull().default(TEXT_LIMIT_DEFAULTS.perHour),
  textsPerDay: integer("texts_per_day").notNull().default(TEXT_LIMIT_DEFAULTS.perDay),
  updatedAt: updatedAt(),
});

/** Public keys that widgets embed as `data-key`; one organization may rotate several. */
export const widgetKeys = sqliteTable(
  "widget_keys",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull().unique(),
    label: text("label"),
    /** The last site (other than this one) a widget with this key was seen on, for Getting started. */
    lastSeenOrigin: text("last_seen_origin"),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("widget_keys_org_idx").on(t.organizationId)],
);

/** Spec 001 §3 "Agent", with the tools of "Agent tools" as a JSON list. */
export const agents = sqliteTable(
  "agents",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    language: text("language").notNull().default("en-US"),
    /** A second agent language the call opens in too (issue 37 §4). */
    secondaryLanguage: text("secondary_language"),
    /** The line in both languages said after the greeting; null: the pair's default (core's defaultSecondaryGreeting). */
    secondaryGreeting: text("secondary_greeting"),
    voice: text("voice").notNull().default("alloy"),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    greeting: text("greeting"),
    personaPrompt: text("persona_prompt").notNull().default(""),
    businessHoursTz: text("business_hours_tz").notNull().default("America/New_York"),
    hoursJson: text("hours_json").notNull().default("{}"),
    escalationJson: text("escalation_json").notNull().default("{}"),
    crmMapping: text("crm_mapping").notNull().default("{}"),
    tools: text("tools").notNull().default('["book_appointment","push_crm_lead","send_sms"]'),
    /** How the agent takes turns on a call (core's turn-taking.ts, its defaults here too). */
    turnDetection: text("turn_detection", { enum: TURN_DETECTIONS }).notNull().default(TURN_TAKING_DEFAULTS.turn_detection),
    silenceDurationMs: integer("silence_duration_ms").notNull().default(TURN_TAKING_DEFAULTS.silence_duration_ms),
    eagerness: text("eagerness", { enum: TURN_EAGERNESS }).notNull().default(TURN_TAKING_DEFAULTS.eagerness),
    noiseReduction: text("noise_reduction", { enum: NOISE_REDUCTIONS }).notNull().default(TURN_TAKING_DEFAULTS.noise_reduction),
    interruptionMinMs: integer("interruption_min_ms").notNull().default(TURN_TAKING_DEFAULTS.interruption_min_ms),
    /** The realtime model its calls use, one the deployment allows; null: the deployment's own (OPENAI_REALTIME_MODEL). */
    realtimeModel: text("realtime_model"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("agents_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** Spec 001 §3 "Phone number". A number belongs to one organization across the whole product. */
export const phoneNumbers = sqliteTable(
  "phone_numbers",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    twilioNumber: text("twilio_number").notNull().unique(),
    twilioSid: text("twilio_sid"),
    /** The Twilio account that holds the number: the business's own, or null for the platform's. */
    twilioAccountSid: text("twilio_account_sid"),
    friendlyName: text("friendly_name"),
    assignedAgentId: text("assigned_agent_id").references(() => agents.id, { onDelete: "set null" }),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("inactive"),
    /** Whether the number's Twilio webhooks point at this deployment ("here") or somewhere else (found by a sync). */
    webhooks: text("webhooks", { enum: ["here", "elsewhere"] })
      .notNull()
      .default("here"),
    createdAt: createdAt(),
  },
  (t) => [index("phone_numbers_org_idx").on(t.organizationId, t.createdAt)],
);

/** Spec 001 §3 "Integration": credentials are AES-256-GCM ciphertext, never plain text. */
export const integrations = sqliteTable(
  "integrations",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    provider: text("provider", {
      enum: ["twilio", "openai", "elevenlabs", "hubspot", "gohighlevel", "zapier", "google_calendar", "calcom"],
    }).notNull(),
    credentialsEncrypted: text("credentials_encrypted").notNull(),
    /** The account's public identifier (a Twilio Account SID), so a webhook's AccountSid finds its organization. */
    accountRef: text("account_ref"),
    lastTestedAt: integer("last_tested_at", { mode: "timestamp_ms" }),
    testStatus: text("test_status", { enum: ["success", "failed"] }),
    testMessage: text("test_message"),
    /** When the owner was told this account could not be reached (a calendar a copy failed to reach); cleared once it works again. */
    alertedAt: integer("alerted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("integrations_org_provider_idx").on(t.organizationId, t.provider), index("integrations_account_ref_idx").on(t.provider, t.accountRef)],
);

/** ElevenLabs audio of an agent's voicemail or after-hours message, made once per text and voice (TwiML `<Play>`). */
export const voicePrompts = sqliteTable(
  "voice_prompts",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** SHA-256 of voice and text. */
    digest: text("digest").notNull(),
    contentType: text("content_type").notNull(),
    audioBase64: text("audio_base64").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("voice_prompts_org_digest_idx").on(t.organizationId, t.digest)],
);
