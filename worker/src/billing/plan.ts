import { type Plan, findPlan } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { subscriptions } from "../db/schema";

const PAID = new Set(["active", "trialing", "past_due"]);

/** The plan whose limits apply now: the subscription's while it is paid for, else the free trial's (Growth). */
export async function planInEffect(db: Database, organizationId: string): Promise<{ plan: Plan; trial: boolean }> {
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  const subscribed = PAID.has(current?.status ?? "") ? findPlan(current?.planSlug ?? "") : undefined;
  return subscribed ? { plan: subscribed, trial: false } : { plan: findPlan("growth")!, trial: true };
}
