import { type Plan, findPlan } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizations, subscriptions } from "../db/schema";

export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"];
const LIVE = new Set(LIVE_SUBSCRIPTION_STATUSES);

/** A Stripe subscription status that still bills (or will, at the trial's end): the organization has a plan. */
export const isLiveSubscription = (status: string | null | undefined): boolean => LIVE.has(status ?? "");

export interface PlanInEffect {
  /** The plan whose limits apply: the subscription's, else Growth's (the trial's, and what setup keeps after it). */
  plan: Plan;
  /** Subscribed; on the free trial; or the trial is over with no plan chosen (calls then only take messages). */
  status: "subscribed" | "trial" | "lapsed";
  trialEndsAt: Date | null;
}

export async function planInEffect(db: Database, organizationId: string, now = new Date()): Promise<PlanInEffect> {
  const [row] = await db
    .select({ trialEndsAt: organizations.trialEndsAt, subscription: subscriptions })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return planOf(row?.trialEndsAt ?? null, row?.subscription ?? null, now);
}

/** The plan in effect from the organization's trial end and subscription, read by whoever already joined them. */
export function planOf(trialEndsAt: Date | null, subscription: { status: string | null; planSlug: string | null } | null, now = new Date()): PlanInEffect {
  const subscribed = isLiveSubscription(subscription?.status) ? findPlan(subscription?.planSlug ?? "") : undefined;
  if (subscribed) return { plan: subscribed, status: "subscribed", trialEndsAt };
  const growth = findPlan("growth")!;
  return { plan: growth, status: trialEndsAt && trialEndsAt > now ? "trial" : "lapsed", trialEndsAt };
}
