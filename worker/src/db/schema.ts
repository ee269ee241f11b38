/**
 * The whole data model of both spec documents (000 §3, 001 §3) plus what the product needs beyond
 * them. TypeScript keys are camelCase (better-auth reads its tables by these keys); SQL columns are
 * snake_case. Times are epoch milliseconds; JSON columns hold text that the code parses.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => text("id").primaryKey().$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
    .$onUpdateFn(() => new Date());

// ── Accounts (better-auth's core, organization and two-factor tables) ────────────────────────────

/** A person. `name` is the profile's full_name (spec 001 §3 "joined profile"). */
export const users = sqliteTable("users", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  image: text("image"),
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A signed-in session (spec 000 §3 "Auth session"), held in a cookie by its token. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    token: text("token").notNull().unique(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    activeOrganizationId: text("active_organization_id"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A way to sign in: a password ("credential") or an identity provider such as Google. */
export const accounts = sqliteTable(
  "accounts",
  {
    id: id(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** One-time values: e-mail verification, password reset, OAuth state. */
export const verifications = sqliteTable(
  "verifications",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** A TOTP factor (spec 000 §3 "Factor"). */
export const twoFactors = sqliteTable(
  "two_factors",
  {
    id: id(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId)],
);

/** A business (spec 001 §3 "Organization": id, name, domain). */
export const organizations = sqliteTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  domain: text("domain"),
  logo: text("logo"),
  metadata: text("metadata"),
  createdAt: createdAt(),
});

/** Spec 001 §3 "Organization member": role owner, admin or viewer. */
export const members = sqliteTable(
  "members",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "viewer"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("members_org_user_idx").on(t.organizationId, t.userId), index("members_user_idx").on(t.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "viewer"] }).notNull(),
    status: text("status", { enum: ["pending", "accepted", "rejected", "canceled"] }).notNull().default("pending"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    inviterId: text("inviter_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_org_idx").on(t.organizationId), index("invitations_email_idx").on(t.email)],
);

// ── Organization configuration ──────────────────────────────────────────────────────────────────

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
  defaultRegion: text("default_region", { enum: ["US", "CA", "GB", "AU", "EU"] }).notNull().default("US"),
  widgetRateIpHour: integer("widget_rate_ip_hour").notNull().default(3),
  widgetRatePhoneDay: integer("widget_rate_phone_day").notNull().default(2),
  /** JSON array of ISO country codes the Test-a-Call widget may dial (toll-fraud guard). */
  allowedCountries: text("allowed_countries").notNull().default('["US","CA"]'),
  /** JSON array of origins allowed to embed the widgets (CORS). */
  allowedOrigins: text("allowed_origins").notNull().default("[]"),
  postCallSms: integer("post_call_sms", { mode: "boolean" }).notNull().default(false),
  maxCallSeconds: integer("max_call_seconds").notNull().default(900),
  /** The widgets' look and which of them the loader shows (chat, test-call, voice-demo). */
  widgetColor: text("widget_color").notNull().default("#8b6cff"),
  enabledWidgets: text("enabled_widgets").notNull().default('["chat","test-call","voice-demo"]'),
  /** Where the widgets' "Contact us" links go; the product's /contact when unset. */
  contactUrl: text("contact_url"),
  /** Where the owner gets the morning digest of after-hours calls by text (E.164). */
  digestPhone: text("digest_phone"),
  /** The business-local date (YYYY-MM-DD) of the last digest sent, so each morning sends one. */
  lastDigestDate: text("last_digest_date"),
  updatedAt: updatedAt(),
});

/** Public keys that widgets embed as `data-key`; one organization may rotate several. */
export const widgetKeys = sqliteTable(
  "widget_keys",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull().unique(),
    label: text("label"),
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
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    language: text("language").notNull().default("en-US"),
    voice: text("voice").notNull().default("alloy"),
    status: text("status", { enum: ["active", "inactive"] }).notNull().default("active"),
    greeting: text("greeting"),
    personaPrompt: text("persona_prompt").notNull().default(""),
    knowledgeBase: text("knowledge_base").notNull().default(""),
    businessHoursTz: text("business_hours_tz").notNull().default("America/New_York"),
    hoursJson: text("hours_json").notNull().default("{}"),
    escalationJson: text("escalation_json").notNull().default("{}"),
    crmMapping: text("crm_mapping").notNull().default("{}"),
    tools: text("tools").notNull().default('["book_appointment","push_crm_lead","send_sms"]'),
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
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    twilioNumber: text("twilio_number").notNull().unique(),
    twilioSid: text("twilio_sid"),
    friendlyName: text("friendly_name"),
    assignedAgentId: text("assigned_agent_id").references(() => agents.id, { onDelete: "set null" }),
    status: text("status", { enum: ["active", "inactive"] }).notNull().default("inactive"),
    createdAt: createdAt(),
  },
  (t) => [index("phone_numbers_org_idx").on(t.organizationId, t.createdAt)],
);

/** Spec 001 §3 "Integration": credentials are AES-256-GCM ciphertext, never plain text. */
export const integrations = sqliteTable(
  "integrations",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    provider: text("provider", {
      enum: ["twilio", "openai", "elevenlabs", "hubspot", "gohighlevel", "zapier"],
    }).notNull(),
    credentialsEncrypted: text("credentials_encrypted").notNull(),
    lastTestedAt: integer("last_tested_at", { mode: "timestamp_ms" }),
    testStatus: text("test_status", { enum: ["success", "failed"] }),
    testMessage: text("test_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("integrations_org_provider_idx").on(t.organizationId, t.provider)],
);

// ── Calls and what comes of them ────────────────────────────────────────────────────────────────

/**
 * Spec 001 §3 "Call". `transcript` is a JSON list of transcript entries (000 §3: role, content,
 * timestamp); `entities` a JSON object. Processing retries are scheduled by `nextAttemptAt`.
 */
export const calls = sqliteTable(
  "calls",
  {
    id: id(),
    callSid: text("call_sid").notNull().unique(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    direction: text("direction", { enum: ["inbound", "outbound"] }).notNull().default("inbound"),
    kind: text("kind", { enum: ["conversation", "voicemail", "test"] }).notNull().default("conversation"),
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
    processingStatus: text("processing_status", { enum: ["pending", "processed", "failed"] })
      .notNull()
      .default("pending"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    processingError: text("processing_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    modelUsed: text("model_used"),
    afterHours: integer("after_hours", { mode: "boolean" }).notNull().default(false),
    billedMinutes: integer("billed_minutes"),
    meterReportedAt: integer("meter_reported_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("calls_org_created_idx").on(t.organizationId, t.createdAt),
    index("calls_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("calls_org_agent_created_idx").on(t.organizationId, t.agentId, t.createdAt),
    index("calls_processing_due_idx").on(t.processingStatus, t.nextAttemptAt),
  ],
);

/** Spec 001 §3 "Call log insert (health probe)": the System Health page's database write check. */
export const callLogs = sqliteTable("call_logs", {
  id: id(),
  summary: text("summary").notNull(),
  intent: text("intent").notNull().default("general"),
  confidence: real("confidence"),
  raw: text("raw"),
  createdAt: createdAt(),
});

/** Appointments booked by the `book_appointment` tool (spec 001 §3 "Agent tools"). */
export const appointments = sqliteTable(
  "appointments",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    callId: text("call_id").references(() => calls.id, { onDelete: "set null" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    dateTime: text("date_time"),
    notes: text("notes"),
    status: text("status", { enum: ["booked", "canceled"] }).notNull().default("booked"),
    createdAt: createdAt(),
  },
  (t) => [index("appointments_org_created_idx").on(t.organizationId, t.createdAt)],
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
    source: text("source", { enum: ["form", "call", "chat", "sms"] }).notNull().default("form"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    intent: text("intent"),
    notes: text("notes"),
    desiredDateTime: text("desired_date_time"),
    sourcePage: text("source_page"),
    crmSyncedAt: integer("crm_synced_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("leads_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** Chat and SMS threads (spec 000 §3 "Chat message": role, content), one thread per key. */
export const conversationMessages = sqliteTable(
  "conversation_messages",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["chat", "sms"] }).notNull(),
    threadKey: text("thread_key").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("conversation_messages_thread_idx").on(t.organizationId, t.channel, t.threadKey, t.createdAt)],
);

/** Numbers that texted STOP to a business: no automated text goes to them until they text START. */
export const smsOptOuts = sqliteTable(
  "sms_opt_outs",
  {
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.phone] })],
);

// ── The public widgets ──────────────────────────────────────────────────────────────────────────

/** Spec 000 §3 "demo_call_requests": queued → calling → completed or failed. */
export const demoCallRequests = sqliteTable(
  "demo_call_requests",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    phoneE164: text("phone_e164").notNull(),
    source: text("source").notNull().default("widget"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ["queued", "calling", "completed", "failed"] }).notNull().default("queued"),
    callSid: text("call_sid"),
    error: text("error"),
    consentId: text("consent_id").references(() => consentRecords.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("demo_call_requests_due_idx").on(t.status, t.scheduledAt)],
);

/** Proof of consent for every automated call, written before the call is placed. */
export const consentRecords = sqliteTable(
  "consent_records",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    widgetKeyId: text("widget_key_id").references(() => widgetKeys.id),
    phoneE164: text("phone_e164").notNull(),
    consentTextVersion: text("consent_text_version").notNull(),
    consentText: text("consent_text").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    pageUrl: text("page_url"),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_org_phone_idx").on(t.organizationId, t.phoneE164)],
);

// ── Billing ─────────────────────────────────────────────────────────────────────────────────────

/** One Stripe customer and subscription per organization (spec 001 §3 "Subscription check result"). */
export const subscriptions = sqliteTable("subscriptions", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  planSlug: text("plan_slug"),
  priceId: text("price_id"),
  status: text("status"),
  trialEnd: integer("trial_end", { mode: "timestamp_ms" }),
  currentPeriodStart: integer("current_period_start", { mode: "timestamp_ms" }),
  currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

/** Spec 001 §3 "Invoice": amount in the currency's minor unit. */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    stripeInvoiceId: text("stripe_invoice_id").notNull().unique(),
    number: text("number"),
    date: integer("date", { mode: "timestamp_ms" }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    pdfUrl: text("pdf_url"),
    hostedUrl: text("hosted_url"),
  },
  (t) => [index("invoices_org_date_idx").on(t.organizationId, t.date)],
);

/** Stripe events already handled: each event id takes effect once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

// ── Audit ───────────────────────────────────────────────────────────────────────────────────────

/** Who did what, when, from where: sign-ins, invitations, role changes, settings changes. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    details: text("details"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_org_created_idx").on(t.organizationId, t.createdAt)],
);
