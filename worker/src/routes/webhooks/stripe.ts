import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type Stripe from "stripe";
import { type SubscriptionSync, recordInvoice, subscriptionOfInvoice, syncSubscription } from "../../billing/subscription-sync";
import { writeAudit } from "../../audit";
import { stripeEvents } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { verifiedStripeEvent } from "../../services/stripe/webhook-event";

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

const TOLERANCE_S = 300;

/** The signature header's `t=`: the signing time must be within 300 s of now, in the past or in the future. */
function signedInTime(header: string): boolean {
  const t = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  return Number.isFinite(t) && Math.abs(Date.now() / 1000 - t) <= TOLERANCE_S;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a handled event's object has what handling it reads: an object, with a string id for subscriptions and invoices. */
function wellFormed(event: Stripe.Event): boolean {
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (!isObject(object)) return false;
  if (event.type === "checkout.session.completed")
    return object.subscription == null || typeof object.subscription === "string" || isObject(object.subscription);
  return typeof object.id === "string" && object.id.length > 0;
}

/**
 * `POST /webhooks/stripe`: the signature is checked first (SubtleCrypto, 300 s tolerance either way; a bad, stale or
 * future one answers 400 and writes nothing); a signed event whose object is malformed is recorded and answered 400; each event id then takes effect once, however often or concurrently it is
 * delivered; subscriptions are re-read from Stripe, so the order of delivery does not matter.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/stripe", async (c) => {
  const config = c.var.config;
  const stripe = c.var.services.stripe;
  if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new ApiError("billing_unavailable");
  const payload = await c.req.text();
  const signature = c.req.header("stripe-signature") ?? "";
  // Stripe's check refuses only old signatures; one dated in the future is refused here.
  if (!signedInTime(signature)) {
    c.var.log.warn("stripe_webhook_rejected", { error: "timestamp outside the tolerance" });
    throw new ApiError("invalid_signature");
  }
  let event: Stripe.Event;
  try {
    event = await verifiedStripeEvent(payload, signature, config.STRIPE_WEBHOOK_SECRET, TOLERANCE_S);
  } catch (error) {
    c.var.log.warn("stripe_webhook_rejected", { error: error instanceof Error ? error.message : String(error) });
    throw new ApiError("invalid_signature");
  }
  if (!HANDLED.has(event.type)) return c.json({ received: true, ignored: event.type });

  const db = c.var.db;
  const claimed = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  if (claimed.length === 0) return c.json({ received: true, duplicate: true });
  if (!wellFormed(event)) {
    // Recorded (the claim stays), so its redeliveries are duplicates; Stripe is told it will never be handled.
    c.var.log.warn("stripe_event_malformed", { event_id: event.id, type: event.type });
    throw new ApiError("malformed_event");
  }

  try {
    let synced: SubscriptionSync = { organizationId: null };
    if (event.type === "checkout.session.completed") {
      const session = event.data.object;
      const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      if (subscriptionId) synced = await syncSubscription(db, stripe, config, subscriptionId);
    } else if (event.type.startsWith("customer.subscription.")) {
      synced = await syncSubscription(db, stripe, config, (event.data.object as Stripe.Subscription).id);
    } else {
      const invoice = event.data.object as Stripe.Invoice;
      await recordInvoice(db, invoice);
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (subscriptionId) synced = await syncSubscription(db, stripe, config, subscriptionId);
    }
    const { organizationId, second } = synced;
    if (second) {
      c.var.log.warn("stripe_second_subscription", { event_id: event.id, organization_id: organizationId, kept: second.kept, ended: second.ended });
      if (second.newlyEnded)
        await writeAudit(db, c.var.log, { action: "second_subscription_ended", organizationId, target: second.ended, details: { kept: second.kept } });
    }
    c.var.log.info("stripe_event", { event_id: event.id, type: event.type, organization_id: organizationId });
    return c.json({ received: true });
  } catch (error) {
    // Not handled after all: let Stripe's retry take effect.
    await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw error;
  }
});
