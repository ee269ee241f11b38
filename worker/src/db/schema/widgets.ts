/** The public widgets: test-call requests and the consent behind each. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt, updatedAt } from "./columns";
import { organizations } from "./accounts";
import { widgetKeys } from "./organization";

/** Spec 000 §3 "demo_call_requests": queued → calling → completed or failed. */
export const demoCallRequests = sqliteTable(
  "demo_call_requests",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    phoneE164: text("phone_e164").notNull(),
    source: text("source").notNull().default("widget"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ["queued", "calling", "completed", "failed"] })
      .notNull()
      .default("queued"),
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
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
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
