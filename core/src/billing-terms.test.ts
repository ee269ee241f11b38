import { describe, expect, it } from "vitest";
import { type SubscriptionReading, checkoutConfirmation, subscriptionStanding } from "./billing-terms";
import { statusLook } from "./statuses";

const day = (at: string) => new Date(at).toLocaleDateString("en-US", { timeZone: "America/Chicago", month: "short", day: "numeric", year: "numeric" });
const GROWTH = { slug: "growth", name: "Growth", price_cents: 7_900, included_minutes: 400, overage_cents_per_minute: 10 } as const;
const TRIAL_END = "2026-12-21T17:00:00.000Z";

const base: SubscriptionReading = {
  subscribed: false,
  state: "trial",
  status: null,
  plan: null,
  limits: { slug: "growth", name: "Growth", included_minutes: 400 },
  trial_end: null,
  trial_ends_at: TRIAL_END,
  trial_days_left: 14,
  current_period_start: "2026-12-01T00:00:00.000Z",
  current_period_end: null,
  cancel_at_period_end: false,
};
/** Growth chosen during the trial: Stripe keeps it trialing until the trial's end, its period the trial. */
const chosenInTrial: SubscriptionReading = {
  ...base,
  subscribed: true,
  state: "subscribed",
  status: "trialing",
  plan: GROWTH,
  trial_end: TRIAL_END,
  current_period_start: "2026-12-07T17:00:00.000Z",
  current_period_end: TRIAL_END,
};
/** Paid: the trial over (or none carried), charged at the period's start. */
const paid: SubscriptionReading = {
  ...chosenInTrial,
  status: "active",
  trial_days_left: 0,
  current_period_start: TRIAL_END,
  current_period_end: "2027-01-21T17:00:00.000Z",
};

describe("subscriptionStanding: the Billing tab's one truth", () => {
  it.each<[string, SubscriptionReading, { badge: string; title: string; terms: string }]>([
    [
      "the free trial, no plan chosen",
      base,
      {
        badge: "Free trial · 14 days left",
        title: "Free trial",
        terms: "Growth's limits until Dec 21, 2026, no card needed. Choose a plan to keep answering after that.",
      },
    ],
    [
      "a plan chosen during the trial: still the trial, nothing charged, the first charge on its end",
      chosenInTrial,
      {
        badge: "Free trial · 14 days left",
        title: "Growth plan",
        terms: "Free trial until Dec 21, 2026: nothing is charged before then. Your card is charged $79 on Dec 21, 2026, then every month.",
      },
    ],
    [
      "a plan chosen during the trial, then canceled",
      { ...chosenInTrial, cancel_at_period_end: true },
      {
        badge: "Free trial · 14 days left",
        title: "Growth plan",
        terms: "Free trial until Dec 21, 2026. The plan is canceled: it ends then and nothing is charged.",
      },
    ],
    ["paid", paid, { badge: "Active", title: "Growth plan", terms: "$79 a month, paid. Next charge: $79 on Jan 21, 2027." }],
    [
      "paid, canceled at the period's end",
      { ...paid, cancel_at_period_end: true },
      { badge: "Active", title: "Growth plan", terms: "$79 a month, paid through Jan 21, 2027. The plan is canceled and ends then." },
    ],
    [
      "a failed charge",
      { ...paid, status: "past_due" },
      { badge: "Payment failed", title: "Growth plan", terms: "$79 a month. The last charge failed: update your card in the billing portal to keep the plan." },
    ],
    [
      "the trial over, no plan",
      { ...base, state: "lapsed", trial_days_left: 0 },
      { badge: "No Subscription", title: "No plan", terms: "Choose a plan to have your receptionist answer calls." },
    ],
  ])("%s", (_case, reading, expected) => {
    const standing = subscriptionStanding(reading, day);
    expect({ badge: standing.badge.label ?? statusLook("subscription", standing.badge.status).label, title: standing.title, terms: standing.terms }).toEqual(
      expected,
    );
  });

  it("never calls a plan that has not been charged Active, and never names a renewal inside the trial", () => {
    const standing = subscriptionStanding(chosenInTrial, day);
    expect(standing.badge.status).toBe("trialing");
    expect(`${standing.badge.label} ${standing.terms}`).not.toMatch(/Active|renews|paid/i);
  });
});

describe("checkoutConfirmation: what was bought and when the first charge is", () => {
  it("confirms a plan chosen during the trial: nothing charged today, the first charge at the trial's end", () => {
    expect(checkoutConfirmation(chosenInTrial, day)).toBe(
      "You chose the Growth plan at $79 a month. Nothing was charged today: your free trial runs until Dec 21, 2026, when your card is first charged $79.",
    );
  });

  it("confirms a plan paid at once, with its date and the next charge", () => {
    expect(checkoutConfirmation({ ...paid, current_period_start: "2026-12-07T17:00:00.000Z", current_period_end: "2027-01-07T17:00:00.000Z" }, day)).toBe(
      "You're on the Growth plan at $79 a month: $79 paid on Dec 7, 2026. Next charge: $79 on Jan 7, 2027.",
    );
  });

  it("says nothing until the subscription is on record", () => {
    expect(checkoutConfirmation(base, day)).toBeNull();
  });
});
