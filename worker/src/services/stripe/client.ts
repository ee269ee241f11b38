/**
 * The Stripe API calls the product makes, over fetch: form-encoded, the secret key as a bearer, the API version the
 * `stripe` SDK pins, its retry. The SDK itself is 250 KB of the bundle (its client class builds every resource); it
 * is kept for its types, which hold these requests and answers to the real API, and as the oracle of the Node-run
 * tests (worker/test/node/stripe-oracle.test.ts). The API base comes from STRIPE_API_BASE, so tests and offline demos
 * reach the Stripe simulator through this same code.
 */
import type { PlanSlug } from "@nikki/core";
import type Stripe from "stripe";
import type { Config } from "../../env";
import { type RetryPolicy, sendWithOneRetry } from "../one-retry";
import { outboundFetch } from "../outbound-fetch";
import { stripeForm } from "./form";

/** The API version of the `stripe` SDK in package.json, whose types describe its objects (the oracle test checks it). */
export const STRIPE_API_VERSION = "2026-10-28.endive";
const TIMEOUT_MS = 10_000;

/** Stripe's error answer: the HTTP status, and Stripe's error type and code when it gave them. */
export class StripeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string | null,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** The part of Stripe the product uses, named as the SDK names it. */
export interface StripeClient {
  customers: { create(params: Stripe.CustomerCreateParams, options?: { idempotencyKey?: string }): Promise<Stripe.Customer> };
  checkout: { sessions: { create(params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session> } };
  billingPortal: { sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<Stripe.BillingPortal.Session> } };
  subscriptions: {
    retrieve(id: string): Promise<Stripe.Subscription>;
    update(id: string, params: Stripe.SubscriptionUpdateParams): Promise<Stripe.Subscription>;
    cancel(id: string): Promise<Stripe.Subscription>;
  };
  billing: { meterEvents: { create(params: Stripe.Billing.MeterEventCreateParams): Promise<Stripe.Billing.MeterEvent> } };
}

/**
 * The SDK's retry (`maxNetworkRetries: 1`): 409 and 5xx unless `stripe-should-retry` says otherwise, after half a
 * second. Every POST carries an idempotency key, so Stripe applies a retried one once.
 */
const stripeRetry: RetryPolicy = {
  retryable(response) {
    const told = response.headers.get("stripe-should-retry");
    if (told === "true" || told === "false") return told === "true";
    return response.status === 409 || response.status >= 500;
  },
  delayMs: () => 500,
};

async function stripeError(response: Response): Promise<StripeError> {
  const body = (await response.json().catch(() => null)) as { error?: { type?: unknown; code?: unknown; message?: unknown } } | null;
  const { type, code, message } = body?.error ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return new StripeError(response.status, text(type), text(code), text(message) ?? `Stripe answered ${response.status}`);
}

/** Null when STRIPE_SECRET_KEY is not set. */
export function stripeClient(config: Config): StripeClient | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const origin = new URL(config.STRIPE_API_BASE).origin;
  const secretKey = config.STRIPE_SECRET_KEY;

  async function request<T>(method: "GET" | "POST" | "DELETE", path: string, params: object = {}, idempotencyKey?: string): Promise<T> {
    const form = stripeForm(params);
    const post = method === "POST";
    const headers: Record<string, string> = {
      authorization: `Bearer ${secretKey}`,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      "stripe-version": STRIPE_API_VERSION,
    };
    if (post) headers["idempotency-key"] = idempotencyKey ?? `nikki-retry-${crypto.randomUUID()}`;
    const url = `${origin}/v1${path}${!post && form ? `?${form}` : ""}`;
    const response = await sendWithOneRetry(
      (signal) => outboundFetch(url, { method, headers, body: post ? form : undefined, signal }),
      TIMEOUT_MS,
      stripeRetry,
    );
    if (!response.ok) throw await stripeError(response);
    return (await response.json()) as T;
  }

  return {
    customers: { create: (params, options) => request("POST", "/customers", params, options?.idempotencyKey) },
    checkout: { sessions: { create: (params) => request("POST", "/checkout/sessions", params) } },
    billingPortal: { sessions: { create: (params) => request("POST", "/billing_portal/sessions", params) } },
    subscriptions: {
      retrieve: (id) => request("GET", `/subscriptions/${encodeURIComponent(id)}`),
      update: (id, params) => request("POST", `/subscriptions/${encodeURIComponent(id)}`, params),
      cancel: (id) => request("DELETE", `/subscriptions/${encodeURIComponent(id)}`),
    },
    billing: { meterEvents: { create: (params) => request("POST", "/billing/meter_events", params) } },
  };
}

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
