import { type BillingSubscriptionResource, PLAN_SLUGS, findPlan } from "@nikki/core";
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as z from "zod";
import { audit } from "../../audit";
import { selfOrigin } from "../../middleware/access/request-auth";
import { isLiveSubscription, planInEffect } from "../../billing/plan";
import { spendStatus } from "../../billing/spend";
import { minutesUsedSince, periodStartOf } from "../../billing/usage";
import { invoices, organizations, subscriptions } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { access, orgCaller } from "../../middleware/access";
import { priceIdOf } from "../../services/stripe/client";

const checkoutSchema = z.object({
  plan_slug: z.enum(PLAN_SLUGS),
  success_url: z.string().optional(),
  cancel_url: z.string().optional(),
});

/** Return addresses must be ours (no open redirect through Stripe); relative paths are resolved against us. */
function ownUrl(value: string | undefined, origin: string, fallback: string): string {
  try {
    const url = new URL(value ?? fallback, origin);
    return url.origin === origin ? url.href : new URL(fallback, origin).href;
  } catch {
    return new URL(fallback, origin).href;
  }
}

const TRIAL_CARRY_MIN_MS = 48 * 60 * 60 * 1000;

/**
 * `/api/billing`: Stripe Checkout (the owner only, and only while the organization has no live subscription) and the
 * customer portal (the owner only), the current plan, trial, usage and
 * today's spend, and invoices (owner and admins: viewers see calls and analytics only). One Stripe customer per organization.
 */
export const billingRoutes = new Hono<AppEnv>()
  .post("/checkout", access("owner"), async (c) => {
    const caller = orgCaller(c);
    const parsed = checkoutSchema.safeParse(await readJsonBody(c));
    if (!parsed.success) throw new ApiError("validation_failed", { message: "Choose one of the plans: starter, growth, scale or unlimited." });
    const stripe = c.var.services.stripe;
    if (!stripe) throw new ApiError("billing_unavailable");
    const plan = findPlan(parsed.data.plan_slug)!;
    const price = priceIdOf(c.var.config, plan.slug);
    if (!price) throw new ApiError("plan_unavailable");
    const db = c.var.db;
    const origin = selfOrigin(c);

    const [current] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, caller.organizationId));
    // One subscription per organization: a plan change goes through the portal, never a second Checkout.
    if (isLiveSubscription(current?.status)) throw new ApiError("already_subscribed");
    const { trialEndsAt } = await planInEffect(db, caller.organizationId);
    try {
      let customer = current?.stripeCustomerId ?? null;
      if (!customer) {
        const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, caller.organizationId));
        const created = await stripe.customers.create(
          { name: organization?.name, email: caller.email, metadata: { organization_id: caller.organizationId } },
          { idempotencyKey: `customer-${caller.organizationId}` },
        );
        customer = created.id;
        await db
          .insert(subscriptions)
          .values({ organizationId: caller.organizationId, stripeCustomerId: customer })
          .onConflictDoUpdate({ target: subscriptions.organizationId, set: { stripeCustomerId: customer } });
      }
      const overage = c.var.config.STRIPE_OVERAGE_PRICE && plan.overageCentsPerMinute ? [{ price: c.var.config.STRIPE_OVERAGE_PRICE }] : [];
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        client_reference_id: caller.organizationId,
        line_items: [{ price, quantity: 1 }, ...overage],
        subscription_data: {
          // The free trial's remaining days carry over to a first subscription (Stripe wants at least 48 hours).
          ...(!current?.stripeSubscriptionId && trialEndsAt && trialEndsAt.getTime() - Date.now() > TRIAL_CARRY_MIN_MS
            ? { trial_end: Math.floor(trialEndsAt.getTime() / 1000) }
            : {}),
          metadata: { organization_id: caller.organizationId, plan_slug: plan.slug },
        },
        metadata: { organization_id: caller.organizationId, plan_slug: plan.slug },
        success_url: ownUrl(parsed.data.success_url, origin, "/welcome"),
        cancel_url: ownUrl(parsed.data.cancel_url, origin, "/pricing"),
      });
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      c.var.log.info("checkout_created", { organization_id: caller.organizationId, plan: plan.slug, session_id: session.id });
      await audit(c, {
        action: "checkout_started",
        organizationId: caller.organizationId,
        actorUserId: caller.userId,
        actorEmail: caller.email,
        details: { plan: plan.slug },
      });
      return c.json({ url: session.url, id: session.id });
    } catch (error) {
      c.var.log.warn("checkout_failed", { organization_id: caller.organizationId, error: error instanceof Error ? error.message : String(error) });
      throw new ApiError("checkout_failed");
    }
  })
  .post("/portal", access("owner"), async (c) => {
    const caller = orgCaller(c);
    const stripe = c.var.services.stripe;
    if (!stripe) throw new ApiError("billing_unavailable");
    const [current] = await c.var.db.select().from(subscriptions).where(eq(subscriptions.organizationId, caller.organizationId));
    if (!current?.stripeCustomerId) throw new ApiError("no_billing_account");
    const session = await stripe.billingPortal.sessions.create({ customer: current.stripeCustomerId, return_url: `${selfOrigin(c)}/dashboard/billing` });
    await audit(c, { action: "billing_portal_opened", organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email });
    return c.json({ url: session.url });
  })
  .get("/subscription", access("admin"), async (c) => {
    const caller = orgCaller(c);
    const [current] = await c.var.db.select().from(subscriptions).where(eq(subscriptions.organizationId, caller.organizationId));
    const subscribed = isLiveSubscription(current?.status);
    const plan = subscribed ? findPlan(current?.planSlug ?? "") : undefined;
    const effect = await planInEffect(c.var.db, caller.organizationId);
    const periodStart = periodStartOf(subscribed ? current : undefined);
    const minutesUsed = await minutesUsedSince(c.var.db, caller.organizationId, periodStart);
    const included = plan?.includedMinutes ?? null;
    const overageMinutes = plan && included !== null ? Math.max(0, minutesUsed - included) : 0;
    // The trial in effect: Stripe's while it keeps the chosen plan trialing (nothing charged yet), else the free one's.
    const trialEnd = subscribed && current?.status === "trialing" ? current.trialEnd : effect.status === "trial" ? effect.trialEndsAt : null;
    return c.json({
      subscribed,
      state: effect.status,
      trial_ends_at: effect.trialEndsAt?.toISOString() ?? null,
      trial_days_left: trialEnd ? Math.max(0, Math.ceil((trialEnd.getTime() - Date.now()) / 86_400_000)) : 0,
      limits: { slug: effect.plan.slug, name: effect.plan.name, included_minutes: effect.plan.includedMinutes },
      overage_cents: overageMinutes * (plan?.overageCentsPerMinute ?? 0),
      spend: await spendStatus(c.var.services, caller.organizationId),
      plan: plan
        ? {
            slug: plan.slug,
            name: plan.name,
            price_cents: plan.priceCents,
            included_minutes: plan.includedMinutes,
            overage_cents_per_minute: plan.overageCentsPerMinute,
          }
        : null,
      price_id: current?.priceId ?? null,
      status: current?.status ?? null,
      trial_end: current?.trialEnd?.toISOString() ?? null,
      current_period_start: periodStart.toISOString(),
      current_period_end: current?.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: current?.cancelAtPeriodEnd ?? false,
      minutes_used: minutesUsed,
    } satisfies BillingSubscriptionResource);
  })
  .get("/invoices", access("admin"), async (c) => {
    const rows = await c.var.db
      .select()
      .from(invoices)
      .where(eq(invoices.organizationId, orgCaller(c).organizationId))
      .orderBy(desc(invoices.date))
      .limit(50);
    return c.json({
      invoices: rows.map((row) => ({
        id: row.id,
        number: row.number,
        date: row.date.toISOString(),
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        pdf_url: row.pdfUrl,
        hosted_url: row.hostedUrl,
      })),
    });
  });
