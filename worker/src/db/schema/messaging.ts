/** The messaging gate's records (worker/src/messaging/): every text attempted, and the providers' prices of a text. */
import { TEXT_FAILURES, TEXT_PURPOSES, TEXT_REFUSALS } from "@nikki/core";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { organizations } from "./accounts";

/**
 * Every text the product tried to send, sent or not (the retention purge deletes rows past the organization's
 * transcript retention; the export carries them). `code`: the refusal or failure; `price_micro_usd`: what was charged
 * to the daily spend cap (0 when nothing was). No message body is kept: the SMS thread holds what a caller was told.
 */
export const textMessages = sqliteTable(
  "text_messages",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /**
     * The call the text follows or was sent during, when there is one (a follow-up is sent once per call). No foreign
     * key: a record is written after the text left, and must not fail then; calls go with their organization anyway.
     */
    callId: text("call_id"),
    purpose: text("purpose", { enum: TEXT_PURPOSES }).notNull(),
    fromNumber: text("from_number"),
    toNumber: text("to_number").notNull(),
    status: text("status", { enum: ["sent", "refused", "failed"] }).notNull(),
    code: text("code", { enum: [...TEXT_REFUSALS, ...TEXT_FAILURES] }),
    segments: integer("segments").notNull(),
    priceMicroUsd: integer("price_micro_usd").notNull().default(0),
    /** Twilio's MessageSid; null when not sent, or sent as the reply to Twilio's webhook (TwiML). */
    messageSid: text("message_sid"),
    createdAt: createdAt(),
  },
  (t) => [index("text_messages_org_created_idx").on(t.organizationId, t.createdAt), index("text_messages_call_idx").on(t.callId, t.purpose)],
);

/** What one segment of a text to a country costs on one Twilio account (Pricing API), kept a day. */
export const textPrices = sqliteTable(
  "text_prices",
  {
    accountSid: text("account_sid").notNull(),
    isoCountry: text("iso_country").notNull(),
    microUsd: integer("micro_usd").notNull(),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountSid, t.isoCountry] })],
);
