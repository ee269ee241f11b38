import { type Plan, findPlan } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizations, subscriptions } from "../db/schema";

const PAID = new Set(["active", "trialing", "past_due"]);

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
  const trialEndsAt = row?.trialEndsAt ?? null;
  const subscribed = PAID.has(row?.subscription?.status ?? "") ? findPlan(row?.subscription?.planSlug ?? "") : undefined;
  if (subscribed) return { plan: subscribed, status: "subscribed", trialEndsAt };
  const growth = findPlan("growth")!;
  return { plan: growth, status: trialEndsAt && trialEndsAt > now ? "trial" : "lapsed", trialEndsAt };
}
