import { eq, isNull, notInArray, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../db/client";
import { invoices, subscriptions } from "../db/schema";
import type { Config } from "../env";
import { type StripeClient, planOfPrice } from "../services/stripe/client";
import { LIVE_SUBSCRIPTION_STATUSES, isLiveSubscription } from "./plan";

const ms = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The organization a Stripe object belongs to: its metadata, else the customer we created for it. */
async function organizationOf(db: Database, metadata: Stripe.Metadata | null | undefined, customerId: string | null): Promise<string | null> {
  if (metadata?.organization_id) return metadata.organization_id;
  if (!customerId) return null;
  const [row] = await db.select({ id: subscriptions.organizationId }).from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId));
  return row?.id ?? null;
}

export interface SubscriptionSync {
  organizationId: string | null;
  /** Set when Stripe reported a second subscription while another is live: the stored one was kept, this one set to end. */
  second?: { kept: string | null; ended: string; newlyEnded: boolean };
}

/**
 * Re-reads a subscription from Stripe and stores what it says now. Every subscription event goes through
 * here, so events delivered out of order (updated before created, a late deleted) converge on Stripe's state.
 * An organization has one subscription: while the stored one is live, a different one never replaces it (its plan
 * and period would silently restart); it is set to end with its current period instead, and reported.
 */
export async function syncSubscription(db: Database, stripe: StripeClient, config: Config, subscriptionId: string): Promise<SubscriptionSync> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const customerId = idOf(subscription.customer);
  const organizationId = await organizationOf(db, subscription.metadata, customerId);
  if (!organizationId) return { organizationId: null };
  const base = subscription.items.data.find((item) => item.price.recurring?.usage_type !== "metered") ?? subscription.items.data[0];
  const values = {
    stripeCustomerId: customerId,
    stripeSubscriptionId: subscription.id,
    planSlug: subscription.metadata?.plan_slug ?? planOfPrice(config, base?.price.id),
    priceId: base?.price.id ?? null,
    status: subscription.status,
    trialEnd: ms(subscription.trial_end),
    currentPeriodStart: ms(base?.current_period_start),
    currentPeriodEnd: ms(base?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    updatedAt: new Date(),
  };
  // In one statement, so two subscriptions' events racing cannot both win.
  const stored = await db
    .insert(subscriptions)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({
      target: subscriptions.organizationId,
      set: values,
      setWhere: or(
        isNull(subscriptions.stripeSubscriptionId),
        eq(subscriptions.stripeSubscriptionId, subscription.id),
        isNull(subscriptions.status),
        notInArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
      ),
    })
    .returning({ id: subscriptions.organizationId });
  if (stored.length > 0) return { organizationId };
  const [kept] = await db.select({ id: subscriptions.stripeSubscriptionId }).from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  const newlyEnded = isLiveSubscription(subscription.status) && !subscription.cancel_at_period_end;
  if (newlyEnded) await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
  return { organizationId, second: { kept: kept?.id ?? null, ended: subscription.id, newlyEnded } };
}

/** Stores (or updates) an invoice of an organization's customer. */
export async function recordInvoice(db: Database, invoice: Stripe.Invoice): Promise<void> {
  if (!invoice.id) return;
  const organizationId = await organizationOf(db, invoice.metadata ?? invoice.parent?.subscription_details?.metadata, idOf(invoice.customer));
  if (!organizationId) return;
  const values = {
    number: invoice.number ?? null,
    date: new Date(invoice.created * 1000),
    amount: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: invoice.status ?? "open",
    pdfUrl: invoice.invoice_pdf ?? null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
  await db
    .insert(invoices)
    .values({ organizationId, stripeInvoiceId: invoice.id, ...values })
    .onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: values });
}

/** The subscription id an invoice bills, in the API's current and older shapes. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
}
