/** Billing: the Stripe subscription, invoices and handled events. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt, updatedAt } from "./columns";
import { organizations } from "./accounts";

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
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
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
