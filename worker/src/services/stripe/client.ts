import type { PlanSlug } from "@nikki/core";
import Stripe from "stripe";
import type { Config } from "../../env";
import { outboundFetch } from "../outbound-fetch";

/**
 * The Stripe SDK on Workers: the fetch HTTP client, and the API base from STRIPE_API_BASE so tests and offline
 * demos reach the Stripe simulator through this same code. Null when STRIPE_SECRET_KEY is not set.
 */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = new URL(config.STRIPE_API_BASE);
  return new Stripe(config.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(outboundFetch),
    host: base.hostname,
    port: base.port ? Number(base.port) : base.protocol === "https:" ? 443 : 80,
    protocol: base.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
}

/** Verifies a webhook's `Stripe-Signature` (HMAC-SHA256 through SubtleCrypto; 300 s tolerance). */
export const webhookCrypto: ReturnType<typeof Stripe.createSubtleCryptoProvider> = Stripe.createSubtleCryptoProvider();

/** The configured Stripe price of each plan (DESIGN.md: price ids come from configuration). */
export function priceIdOf(config: Config, plan: PlanSlug): string | undefined {
  return {
    starter: config.STRIPE_PRICE_STARTER,
    growth: config.STRIPE_PRICE_GROWTH,
    scale: config.STRIPE_PRICE_SCALE,
    unlimited: config.STRIPE_PRICE_UNLIMITED,
  }[plan];
}

export function planOfPrice(config: Config, priceId: string | null | undefined): PlanSlug | null {
  if (!priceId) return null;
  const plans: PlanSlug[] = ["starter", "growth", "scale", "unlimited"];
  return plans.find((plan) => priceIdOf(config, plan) === priceId) ?? null;
}
