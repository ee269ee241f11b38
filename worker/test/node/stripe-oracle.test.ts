import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../src/env";
import { STRIPE_API_VERSION, StripeError, stripeClient } from "../../src/services/stripe/client";
import { verifiedStripeEvent } from "../../src/services/stripe/webhook-event";
import { type Captured, startCaptureServer } from "./capture-server";

/**
 * The worker speaks to Stripe over fetch and checks its webhooks itself; the official SDK is the oracle: the same
 * calls made both ways must reach the wire as the same requests, be retried alike, and the same signatures hold.
 */
const KEY = "sk_test_oracle";
const SECRET = "whsec_oracle";

let server: Awaited<ReturnType<typeof startCaptureServer>>;
let sdk: Stripe;
let ours: NonNullable<ReturnType<typeof stripeClient>>;

beforeAll(async () => {
  server = await startCaptureServer((request) => ({
    status: 200,
    body: JSON.stringify({ id: "obj_1", object: "thing", url: "https://checkout.example/1", path: request.url }),
  }));
  const { port } = new URL(server.baseUrl);
  sdk = new Stripe(KEY, { host: "127.0.0.1", port: Number(port), protocol: "http", maxNetworkRetries: 1 });
  ours = stripeClient(readConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: server.baseUrl }))!;
});
afterAll(() => server.close());

/** What must be equal on the wire: method, path and query, the key, the version, the form. */
const wire = (request: Captured) => ({
  method: request.method,
  url: request.url,
  authorization: request.headers.authorization,
  version: request.headers["stripe-version"],
  contentType: request.headers["content-type"],
  body: request.body,
});

const checkout: Stripe.Checkout.SessionCreateParams = {
  mode: "subscription",
  customer: "cus_1",
  client_reference_id: "org 1",
  line_items: [{ price: "price_growth", quantity: 1 }, { price: "price_overage" }],
  subscription_data: { trial_end: 1_900_000_000, metadata: { organization_id: "org 1", plan_slug: "growth" } },
  metadata: { organization_id: "org (1)*!'~", plan_slug: "growth" },
  success_url: "https://nikki.example/welcome?session={CHECKOUT_SESSION_ID}&a=b",
  cancel_url: "https://nikki.example/pricing",
};

describe.each([
  {
    call: "a customer, with its idempotency key",
    sdk: () =>
      sdk.customers.create(
        { name: "Ana's Plumbing & Co", email: "ana+1@example.com", metadata: { organization_id: "org_1" } },
        { idempotencyKey: "customer-org_1" },
      ),
    ours: () =>
      ours.customers.create(
        { name: "Ana's Plumbing & Co", email: "ana+1@example.com", metadata: { organization_id: "org_1" } },
        { idempotencyKey: "customer-org_1" },
      ),
  },
  { call: "a Checkout session", sdk: () => sdk.checkout.sessions.create(checkout), ours: () => ours.checkout.sessions.create(checkout) },
  {
    call: "a billing portal session",
    sdk: () => sdk.billingPortal.sessions.create({ customer: "cus_1", return_url: "https://nikki.example/dashboard/billing" }),
    ours: () => ours.billingPortal.sessions.create({ customer: "cus_1", return_url: "https://nikki.example/dashboard/billing" }),
  },
  {
    call: "a meter event",
    sdk: () => sdk.billing.meterEvents.create({ event_name: "overage_minutes", identifier: "call_1", payload: { stripe_customer_id: "cus_1", value: "3" } }),
    ours: () => ours.billing.meterEvents.create({ event_name: "overage_minutes", identifier: "call_1", payload: { stripe_customer_id: "cus_1", value: "3" } }),
  },
  { call: "a subscription read", sdk: () => sdk.subscriptions.retrieve("sub_1"), ours: () => ours.subscriptions.retrieve("sub_1") },
  { call: "a subscription cancelled", sdk: () => sdk.subscriptions.cancel("sub_1"), ours: () => ours.subscriptions.cancel("sub_1") },
])("$call", ({ sdk: bySdk, ours: byOurs }) => {
  it("reaches the wire as the SDK sends it", async () => {
    const [expected, actual] = (await server.sentByEach([bySdk, byOurs])).map((sent) => sent[0]);
    expect(wire(actual!)).toEqual(wire(expected!));
    // A POST is keyed (the caller's key, else a fresh one), so its retry takes effect once.
    expect(actual!.headers["idempotency-key"] !== undefined).toBe(expected!.method === "POST");
    if (expected!.headers["idempotency-key"] === "customer-org_1") expect(actual!.headers["idempotency-key"]).toBe("customer-org_1");
  });

  it("is sent once more after a 500, with the same idempotency key", async () => {
    const failed = { status: 500, body: JSON.stringify({ error: { type: "api_error", message: "An unknown error occurred" } }) };
    const [bySdkSent, byOursSent] = await server.sentByEach([bySdk, byOurs], failed);
    expect([bySdkSent!.length, byOursSent!.length]).toEqual([2, 2]);
    expect(byOursSent![1]!.headers["idempotency-key"]).toBe(byOursSent![0]!.headers["idempotency-key"]);
  });
});

it("pins the API version of the SDK whose types it reads", () => {
  expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
});

it("fails as the SDK does on a refusal (400 is not retried): status, type and message", async () => {
  const refused = {
    status: 400,
    body: JSON.stringify({ error: { type: "invalid_request_error", code: "resource_missing", message: "No such customer: 'cus_x'" } }),
  };
  server.script(refused);
  const bySdk = (await sdk.billingPortal.sessions.create({ customer: "cus_x" }).catch((error: unknown) => error)) as Stripe.errors.StripeError;
  server.script(refused);
  const byOurs = await ours.billingPortal.sessions.create({ customer: "cus_x" }).catch((error: unknown) => error);
  expect(server.take()).toHaveLength(2);
  expect(byOurs).toBeInstanceOf(StripeError);
  const { statusCode, code, message } = byOurs as StripeError;
  expect({ statusCode, code, message }).toEqual({ statusCode: bySdk.statusCode, code: bySdk.code, message: bySdk.message });
});

describe("a webhook's signature", () => {
  const payload = JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid", data: { object: { id: "in_1" } } });
  const signed = (at = Math.floor(Date.now() / 1000), secret = SECRET) => sdk.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: at });
  const verdicts = async (header: string, body = payload) => ({
    sdk: await sdk.webhooks.constructEventAsync(body, header, SECRET, 300).then(
      (event) => event.id,
      (error: Error) => error.message.split(" Are you")[0],
    ),
    ours: await verifiedStripeEvent(body, header, SECRET, 300).then(
      (event) => event.id,
      (error: Error) => error.message,
    ),
  });

  it.each([
    ["signed now", () => signed()],
    ["signed 299 s ago", () => signed(Math.floor(Date.now() / 1000) - 299)],
    ["signed 301 s ago", () => signed(Math.floor(Date.now() / 1000) - 301)],
    ["signed with another secret", () => signed(undefined, "whsec_other")],
    ["with a second, rolled secret's signature", async () => `${await signed()},v1=${"0".repeat(64)}`],
    ["without a timestamp", async () => (await signed()).replace(/^t=\d+,/, "")],
    ["without a v1 signature", async () => (await signed()).replace(/,v1=.*/, ",v0=abc")],
    ["empty", async () => ""],
  ])("%s: the same verdict as the SDK's", async (_, header) => {
    const { sdk: expected, ours: actual } = await verdicts(await header());
    expect(actual).toBe(expected);
  });

  it("does not hold for a payload changed after signing", async () => {
    const { sdk: expected, ours: actual } = await verdicts(await signed(), payload.replace("in_1", "in_2"));
    expect([actual, expected]).toEqual([
      "No signatures found matching the expected signature for payload.",
      "No signatures found matching the expected signature for payload.",
    ]);
  });
});
