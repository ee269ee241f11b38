import { findPlan } from "@nikki/core";
import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { inPlanMinutes } from "../db/call-outcome";
import { calls, subscriptions } from "../db/schema";
import type { Config } from "../env";
import type { Logger } from "../logger";
import type { StripeClient } from "../services/stripe/client";
import { isLiveSubscription } from "./plan";

/**
 * Whole minutes of the organization's calls since `since` (each call rounded up, as carriers bill); Test Suite calls
 * and screened ones (silent, spam: their telephony is charged to the day's spend, never to the plan's minutes) never count.
 */
export async function minutesUsedSince(db: Database, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum((${calls.durationSeconds} + 59) / 60), 0)` })
    .from(calls)
    .where(and(eq(calls.organizationId, organizationId), gte(calls.createdAt, since), ne(calls.kind, "test"), inPlanMinutes));
  return Number(row?.minutes ?? 0);
}

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/**
 * The start of the billing period: the subscription's, else the first of the month (UTC). A subscription still in
 * the trial it was started from carries on the trial's count: its period runs from the first of the month it began,
 * so choosing a plan never drops the minutes already used.
 */
export function periodStartOf(subscription: { currentPeriodStart: Date | null; status?: string | null } | undefined, now = new Date()): Date {
  const start = subscription?.currentPeriodStart;
  if (!start) return monthStart(now);
  return subscription.status === "trialing" ? monthStart(start) : start;
}

/** What reporting a call's overage reads of the organization's subscription. */
export type OverageSubscription = Pick<typeof subscriptions.$inferSelect, "planSlug" | "status" | "stripeCustomerId" | "currentPeriodStart">;

/**
 * When a call ends: the minutes of it that fall beyond the plan's included minutes go to the Stripe billing
 * meter, with the call id as the event identifier, so a repeated report is ignored by Stripe (never billed twice).
 */
export async function reportOverage(
  deps: { db: Database; stripe: StripeClient | null; config: Config; log: Logger },
  call: { id: string; organizationId: string; durationSeconds: number | null; screened?: string | null },
  /** The organization's subscription when the caller has read it already (null: it has none). */
  known?: OverageSubscription | null,
): Promise<number> {
  if (!deps.stripe || !call.durationSeconds || call.screened) return 0;
  const subscription =
    known !== undefined ? known : (await deps.db.select().from(subscriptions).where(eq(subscriptions.organizationId, call.organizationId)))[0];
  const included = findPlan(subscription?.planSlug ?? "")?.includedMinutes;
  if (!subscription?.stripeCustomerId || included == null || !isLiveSubscription(subscription.status)) return 0;
  const after = await minutesUsedSince(deps.db, call.organizationId, periodStartOf(subscription));
  const before = after - Math.ceil(call.durationSeconds / 60);
  const overage = Math.max(0, after - included) - Math.max(0, before - included);
  if (overage <= 0) return 0;
  await deps.stripe.billing.meterEvents.create({
    event_name: deps.config.STRIPE_METER_EVENT_NAME,
    identifier: call.id,
    payload: { stripe_customer_id: subscription.stripeCustomerId, value: String(overage) },
  });
  deps.log.info("overage_reported", { organization_id: call.organizationId, call_id: call.id, minutes: overage });
  return overage;
}
