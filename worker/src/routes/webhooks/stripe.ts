import { eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import { recordInvoice, subscriptionOfInvoice, syncSubscription } from "../../billing/subscription-sync";
import { stripeEvents } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { webhookCrypto } from "../../services/stripe/client";

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

/**
 * `POST /webhooks/stripe`: the signature is checked first (SubtleCrypto, 300 s tolerance; a bad or stale one
 * answers 400 and writes nothing); each event id then takes effect once, however often or concurrently it is
 * delivered; subscriptions are re-read from Stripe, so the order of delivery does not matter.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/stripe", async (c) => {
  const config = c.var.config;
  const stripe = c.var.services.stripe;
  if (!stripe || !config.STRIPE_WEBHOOK_SECRET) throw new ApiError("billing_unavailable");
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, c.req.header("stripe-signature") ?? "", config.STRIPE_WEBHOOK_SECRET, undefined, webhookCrypto);
  } catch (error) {
    c.var.log.warn("stripe_webhook_rejected", { error: error instanceof Error ? error.message : String(error) });
    throw new ApiError("invalid_signature");
  }
  if (!HANDLED.has(event.type)) return c.json({ received: true, ignored: event.type });

  const db = c.var.db;
  const claimed = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  if (claimed.length === 0) return c.json({ received: true, duplicate: true });

  try {
    let organizationId: string | null = null;
    if (event.type === "checkout.session.completed") {
      const session = event.data.object;
      const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      if (subscriptionId) organizationId = await syncSubscription(db, stripe, config, subscriptionId);
    } else if (event.type.startsWith("customer.subscription.")) {
      organizationId = await syncSubscription(db, stripe, config, (event.data.object as Stripe.Subscription).id);
    } else {
      const invoice = event.data.object as Stripe.Invoice;
      await recordInvoice(db, invoice);
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (subscriptionId) organizationId = await syncSubscription(db, stripe, config, subscriptionId);
    }
    c.var.log.info("stripe_event", { event_id: event.id, type: event.type, organization_id: organizationId });
    return c.json({ received: true });
  } catch (error) {
    // Not handled after all: let Stripe's retry take effect.
    await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw error;
  }
});
