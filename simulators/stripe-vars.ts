import { SIMULATED_CREDENTIALS } from "./credentials.ts";

/** The plans' simulated prices (cents), as the Stripe simulator knows them. */
export const SIMULATED_PRICE_AMOUNTS: Record<string, number> = {
  [SIMULATED_CREDENTIALS.stripePrices.starter]: 2_900,
  [SIMULATED_CREDENTIALS.stripePrices.growth]: 7_900,
  [SIMULATED_CREDENTIALS.stripePrices.scale]: 15_900,
  [SIMULATED_CREDENTIALS.stripePrices.unlimited]: 30_000,
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
