/**
 * The one plan catalogue (DESIGN.md "Plans"), used by the pricing page, checkout and the billing tab.
 * Prices are in US cents; `includedMinutes: null` means unlimited.
 */
export interface Plan {
  slug: PlanSlug;
  name: string;
  priceCents: number;
  interval: "month";
  includedMinutes: number | null;
  approxCalls: number | null;
  overageCentsPerMinute: number | null;
  agents: number | null;
  /** The default daily spend cap in dollars (settings may change it). */
  dailySpendCapUsd: number;
  /** Knowledge entries the organization may hold, and characters of text (a section's text, an answer) in one. */
  knowledge: { entries: number; entryChars: number };
  /** The most texts an organization may allow itself an hour and a day (Settings › Texts; a trial has Growth's). */
  texts: { perHourMax: number; perDayMax: number };
  features: readonly string[];
  cta: string;
  popular: boolean;
}

export const PLAN_SLUGS = ["starter", "growth", "scale", "unlimited"] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

export const PLANS: readonly Plan[] = [
  {
    slug: "starter",
    name: "Starter",
    priceCents: 2_900,
    interval: "month",
    includedMinutes: 150,
    approxCalls: 200,
    overageCentsPerMinute: 15,
    agents: 2,
    dailySpendCapUsd: 10,
    knowledge: { entries: 100, entryChars: 5_000 },
    texts: { perHourMax: 60, perDayMax: 300 },
    features: ["AI receptionist", "Call transcripts", "Basic CRM sync", "SMS follow-ups"],
    cta: "Start Free Trial",
    popular: false,
  },
  {
    slug: "growth",
    name: "Growth",
    priceCents: 7_900,
    interval: "month",
    includedMinutes: 400,
    approxCalls: 550,
    overageCentsPerMinute: 10,
    agents: 5,
    dailySpendCapUsd: 25,
    knowledge: { entries: 200, entryChars: 10_000 },
    texts: { perHourMax: 100, perDayMax: 600 },
    features: ["Multi-agent support", "Call transfers", "Appointment booking", "Advanced CRM integration"],
    cta: "Start Free Trial",
    popular: true,
  },
  {
    slug: "scale",
    name: "Scale",
    priceCents: 15_900,
    interval: "month",
    includedMinutes: 1_000,
    approxCalls: 1_400,
    overageCentsPerMinute: 8,
    agents: null,
    dailySpendCapUsd: 60,
    knowledge: { entries: 500, entryChars: 20_000 },
    texts: { perHourMax: 200, perDayMax: 1_500 },
    features: ["Priority support", "Advanced training", "Custom integrations", "Analytics and reporting dashboard"],
    cta: "Start Free Trial",
    popular: false,
  },
  {
    slug: "unlimited",
    name: "Unlimited",
    priceCents: 30_000,
    interval: "month",
    includedMinutes: null,
    approxCalls: null,
    overageCentsPerMinute: null,
    agents: null,
    dailySpendCapUsd: 150,
    knowledge: { entries: 1_000, entryChars: 20_000 },
    texts: { perHourMax: 500, perDayMax: 5_000 },
    features: ["Enterprise SLA", "Dedicated onboarding", "Priority enterprise support", "Custom AI agent training"],
    cta: "Contact Sales",
    popular: false,
  },
];

/** The plan shown when none matches (spec 001 §9). */
export const DEFAULT_PLAN_SLUG: PlanSlug = "growth";

export function findPlan(slug: string): Plan | undefined {
  return PLANS.find((plan) => plan.slug === slug);
}

export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** The lowest monthly price, for copy such as the home page's "from $X/month". */
export function lowestPlanPrice(): string {
  return formatUsd(Math.min(...PLANS.map((plan) => plan.priceCents)));
}

/** Spec 000 §8 "Checkout": what the pricing page says when subscribing fails. */
export const CHECKOUT_MESSAGES = {
  authTitle: "Authentication Required",
  auth: "Please sign in to subscribe to a plan",
  errorTitle: "Checkout Error",
  failed: "Failed to create checkout session",
  noUrlTitle: "Error",
  noUrl: "No checkout URL received",
  unexpected: "An unexpected error occurred",
  loading: "Loading...",
  /** For a signed-in business that has a plan: its own plan's button, and the others' (both lead to Billing). */
  yourPlan: "Your plan",
  changePlan: "Change plan",
} as const;

/** The overage rates, for the pricing page's note: "$0.15/min on Starter, …". */
export function overageNote(): string {
  return PLANS.filter((plan) => plan.overageCentsPerMinute)
    .map((plan) => `$${(plan.overageCentsPerMinute! / 100).toFixed(2)}/min on ${plan.name}`)
    .join(", ");
}

/** The Billing tab's words (spec 001 §2, §8). */
export const BILLING_MESSAGES = {
  /** The plan button and its dialog's title: "Choose a plan" while there is none (a trial), else "Change plan". */
  planAction: (subscribed: boolean) => (subscribed ? "Change plan" : "Choose a plan"),
  loadFailed: "Failed to load billing information",
  checkoutFailed: "Failed to create checkout session. Please try again.",
  portalFailed: "Failed to open customer portal. Please try again.",
  noPdf: "PDF not available for this invoice.",
  noInvoices: "No invoices found",
  selectPlan: "Please select a plan.",
  ownerOnly: "Only the owner can change the plan or open the billing portal.",
  trialEnded: "Your free trial has ended: calls now only take messages. Choose a plan to have your receptionist answer again.",
} as const;

/** What `GET /api/billing/subscription` answers (the route says it `satisfies` this). */
export interface BillingSubscriptionResource {
  subscribed: boolean;
  state: "subscribed" | "trial" | "lapsed";
  /** The free trial's end (the organization's, from sign-up). */
  trial_ends_at: string | null;
  /** Days left of the trial in effect: Stripe's while it keeps the subscription trialing, else the free trial's; 0 after. */
  trial_days_left: number;
  limits: { slug: PlanSlug; name: string; included_minutes: number | null };
  overage_cents: number;
  spend: { spent_usd: number; cap_usd: number; state: "ok" | "warning" | "capped" };
  plan: { slug: PlanSlug; name: string; price_cents: number; included_minutes: number | null; overage_cents_per_minute: number | null } | null;
  price_id: string | null;
  /** Stripe's subscription status (`trialing`, `active`, `past_due`, `canceled`, …) and its trial's end. */
  status: string | null;
  trial_end: string | null;
  current_period_start: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  minutes_used: number;
}

export interface InvoiceResource {
  id: string;
  number: string | null;
  date: string;
  amount: number;
  currency: string;
  status: string;
  pdf_url: string | null;
  hosted_url: string | null;
}
