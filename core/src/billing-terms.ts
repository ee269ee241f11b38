/**
 * What the business is told about its plan, in one place (DESIGN.md "Trial"): the Billing tab's badge and sentence, and
 * the confirmation after Checkout (the Billing tab's `?checkout=success`, /welcome). One truth, read from Stripe's
 * subscription: while Stripe says `trialing`, the free trial runs until `trial_end` and nothing has been charged;
 * once `active`, the plan is paid and renews at the period's end.
 */
import { plural } from "./plural";
import { type BillingSubscriptionResource, formatUsd } from "./plans";

export type SubscriptionReading = Pick<
  BillingSubscriptionResource,
  | "subscribed"
  | "state"
  | "status"
  | "plan"
  | "limits"
  | "trial_end"
  | "trial_ends_at"
  | "trial_days_left"
  | "current_period_start"
  | "current_period_end"
  | "cancel_at_period_end"
>;

/** The badge's look (a key of STATUS_LOOKS.subscription) and its words. */
export interface SubscriptionBadge {
  status: "trial" | "trialing" | "active" | "past_due" | "none";
  label?: string;
}

export interface SubscriptionStanding {
  badge: SubscriptionBadge;
  title: string;
  terms: string;
}

/** Formats an ISO instant as a day, in the business's time zone. */
export type DayOf = (at: string) => string;

const daysLeft = (days: number) => `${plural(days, "day")} left`;

/** A subscription Stripe keeps in its trial (the trial's remaining days carried into the plan): nothing charged yet. */
const inPaidTrial = (reading: SubscriptionReading) => reading.subscribed && reading.status === "trialing" && reading.trial_end !== null;

/** The Billing tab's plan card: its badge, title and the one sentence of what is charged when. */
export function subscriptionStanding(reading: SubscriptionReading, day: DayOf): SubscriptionStanding {
  const plan = reading.plan;
  if (!reading.subscribed || !plan) {
    if (reading.state === "trial")
      return {
        badge: { status: "trial", label: `Free trial · ${daysLeft(reading.trial_days_left)}` },
        title: "Free trial",
        terms: `${reading.limits.name}'s limits until ${reading.trial_ends_at ? day(reading.trial_ends_at) : "the trial ends"}, no card needed. Choose a plan to keep answering after that.`,
      };
    return { badge: { status: "none" }, title: "No plan", terms: "Choose a plan to have your receptionist answer calls." };
  }
  const price = formatUsd(plan.price_cents);
  const title = `${plan.name} plan`;
  if (inPaidTrial(reading)) {
    const until = day(reading.trial_end!);
    return {
      badge: { status: "trialing", label: `Free trial · ${daysLeft(reading.trial_days_left)}` },
      title,
      terms: reading.cancel_at_period_end
        ? `Free trial until ${until}. The plan is canceled: it ends then and nothing is charged.`
        : `Free trial until ${until}: nothing is charged before then. Your card is charged ${price} on ${until}, then every month.`,
    };
  }
  const next = reading.current_period_end ? day(reading.current_period_end) : null;
  if (reading.status === "past_due")
    return {
      badge: { status: "past_due" },
      title,
      terms: `${price} a month. The last charge failed: update your card in the billing portal to keep the plan.`,
    };
  return {
    badge: { status: "active" },
    title,
    terms: reading.cancel_at_period_end
      ? `${price} a month, paid${next ? ` through ${next}` : ""}. The plan is canceled and ends then.`
      : `${price} a month, paid.${next ? ` Next charge: ${price} on ${next}.` : ""}`,
  };
}

/**
 * After Checkout: what was bought and when the first charge is (or was), once Stripe's webhook has put the
 * subscription on record; null until then (the page says it is confirming).
 */
export function checkoutConfirmation(reading: SubscriptionReading, day: DayOf): string | null {
  const plan = reading.plan;
  if (!reading.subscribed || !plan) return null;
  const price = formatUsd(plan.price_cents);
  if (inPaidTrial(reading))
    return `You chose the ${plan.name} plan at ${price} a month. Nothing was charged today: your free trial runs until ${day(reading.trial_end!)}, when your card is first charged ${price}.`;
  const next = reading.current_period_end ? ` Next charge: ${price} on ${day(reading.current_period_end)}.` : "";
  return `You're on the ${plan.name} plan at ${price} a month: ${price} paid on ${day(reading.current_period_start)}.${next}`;
}
