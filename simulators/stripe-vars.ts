import { PLANS } from "@nikki/core/plans";
import { SIMULATED_CREDENTIALS } from "./credentials.ts";

const pricesOfPlans = <T>(value: (plan: (typeof PLANS)[number]) => T): Record<string, T> =>
  Object.fromEntries(PLANS.map((plan) => [SIMULATED_CREDENTIALS.stripePrices[plan.slug], value(plan)]));

/**
 * What the simulated Stripe account sells: the plans' prices (cents) and product names, as the catalogue says. (Only
 * `plans`, which imports nothing, is read from core: the worker tests' config loads this file without a bundler.)
 */
export const SIMULATED_STRIPE_CATALOGUE = {
  prices: pricesOfPlans((plan) => plan.priceCents),
  productNames: pricesOfPlans((plan) => plan.name),
};

/** Worker variables that point its Stripe calls at the simulator on `port`. */
export function stripeSimulatorVars(port: number): Record<string, string> {
  const prices = SIMULATED_CREDENTIALS.stripePrices;
  return {
    STRIPE_SECRET_KEY: SIMULATED_CREDENTIALS.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: SIMULATED_CREDENTIALS.stripeWebhookSecret,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    STRIPE_PRICE_STARTER: prices.starter,
    STRIPE_PRICE_GROWTH: prices.growth,
    STRIPE_PRICE_SCALE: prices.scale,
    STRIPE_PRICE_UNLIMITED: prices.unlimited,
    STRIPE_OVERAGE_PRICE: SIMULATED_CREDENTIALS.stripeOveragePrice,
  };
}
