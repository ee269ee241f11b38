import type { PlanSlug } from "@nikki/core";
import { api, call } from "./client";

/**
 * The plan the signed-in visitor's organization already has (trialing, active or past due), else null: signed out,
 * no plan yet, or a role that does not read billing. /pricing then offers Billing's Change plan, never a second Checkout.
 */
export async function currentPlan(): Promise<PlanSlug | null> {
  // better-auth's session read answers null (not 401) when signed out: no error in the console.
  const session = await call(api.auth["get-session"].$get);
  if (!session.ok || !session.data?.user) return null;
  const billing = await call(api.billing.subscription.$get);
  return billing.ok && billing.data.subscribed ? (billing.data.plan?.slug ?? null) : null;
}
