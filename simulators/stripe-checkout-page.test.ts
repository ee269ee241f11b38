import { describe, expect, it } from "vitest";
import { checkoutPage } from "./stripe-checkout-page";

const NOW = 1_800_000_000;
const offer = { sessionId: "cs_test_1", product: "Growth", amountCents: 7_900, now: NOW, cancelUrl: "https://nikki.test/pricing" };

describe("Checkout's submit button says what Stripe says for the session", () => {
  it.each([
    ["a subscription with a trial", { mode: "subscription", trialEnd: NOW + 14 * 86_400 }, "Start trial", "$0.00"],
    ["a subscription without a trial", { mode: "subscription", trialEnd: null }, "Subscribe", "$79.00"],
    ["a one-time payment", { mode: "payment", trialEnd: null }, "Pay", "$79.00"],
  ] as const)("%s → %s", (_case, session, label, dueToday) => {
    const page = checkoutPage({ ...offer, ...session });
    expect(page).toContain(`<button type="submit">${label}</button>`);
    expect(page).toContain(`<dt>Total due today</dt><dd>${dueToday}</dd>`);
  });
});
