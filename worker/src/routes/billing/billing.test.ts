import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API_ERRORS } from "@nikki/core";
import { stripeSignature } from "@nikki/simulators/stripe-signature";
import { type SignedUp, call, inviteAndJoin, signUp } from "../../../test/accounts";
import { SIMULATED } from "../../../test/simulators";

const STRIPE = `http://127.0.0.1:${SIMULATED.stripePort}`;
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

let eventCounter = 0;
function webhook(type: string, object: object, options: { id?: string; timestamp?: number; tamper?: boolean } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${Date.now()}_${++eventCounter}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = stripeSignature(payload, SIMULATED.stripeWebhookSecret, options.timestamp);
  // One byte changed after signing.
  const body = options.tamper ? payload.replace('"object":"event"', '"object":"evenT"') : payload;
  return SELF.fetch("https://nikki.test/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
}

async function checkout(owner: SignedUp, plan = "growth") {
  const response = await call("/api/billing/checkout", { cookie: owner.cookie, body: { plan_slug: plan } });
  return { response, body: (await response.clone().json()) as { url: string; id: string } };
}

/** A subscription as Stripe would hold it after checkout (created on the simulator, not yet known to the worker). */
async function stripeSubscription(owner: SignedUp, overrides: { status?: string; trial_days?: number } = {}) {
  await checkout(owner);
  const customer = await env.DB.prepare("select stripe_customer_id from subscriptions where organization_id = ?")
    .bind(owner.organizationId)
    .first<string>("stripe_customer_id");
  const response = await fetch(`${STRIPE}/__subscriptions`, {
    method: "POST",
    body: JSON.stringify({
      customer,
      prices: [SIMULATED.stripePrices.growth],
      metadata: { organization_id: owner.organizationId, plan_slug: "growth" },
      trial_days: 14,
      ...overrides,
    }),
  });
  return (await response.json()) as { id: string; customer: string; status: string };
}

const subscriptionOf = (owner: SignedUp) =>
  call("/api/billing/subscription", { cookie: owner.cookie }).then(
    (r) =>
      r.json() as Promise<{
        subscribed: boolean;
        state: string;
        status: string | null;
        plan: { slug: string } | null;
        trial_end: string | null;
        trial_days_left: number;
        current_period_end: string | null;
        minutes_used: number;
        price_id: string | null;
      }>,
  );

describe("POST /api/billing/checkout", () => {
  it("creates one Stripe customer per organization and a subscription Checkout with the plan's price and a 14-day trial", async () => {
    const owner = await signUp();
    const first = await checkout(owner);
    expect(first.response.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${STRIPE}/pay/cs_sim`));
    const session = (await (
      await fetch(`${STRIPE}/v1/checkout/sessions/${first.body.id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: owner.organizationId,
      line_items: [{ price: SIMULATED.stripePrices.growth, quantity: "1" }, { price: SIMULATED.stripeOveragePrice }],
      // The free trial that started at sign-up carries over (Stripe's trial_end), rather than starting again.
      subscription_data: { trial_end: expect.stringMatching(/^\d{10}$/), metadata: { organization_id: owner.organizationId, plan_slug: "growth" } },
      success_url: "https://nikki.test/welcome",
      cancel_url: "https://nikki.test/pricing",
    });
    const second = await checkout(owner, "starter");
    const again = (await (
      await fetch(`${STRIPE}/v1/checkout/sessions/${second.body.id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as { customer: string };
    expect(again.customer).toBe(session.customer);
  });

  it("charges from today when less than Stripe's 48 hours of trial are left: no trial_end, so Stripe bills the first month now", async () => {
    const owner = await signUp();
    await env.DB.prepare("update organizations set trial_ends_at = ? where id = ?")
      .bind(Date.now() + 24 * 3_600_000, owner.organizationId)
      .run();
    const { body } = await checkout(owner);
    const session = (await (
      await fetch(`${STRIPE}/v1/checkout/sessions/${body.id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as { subscription_data: Record<string, unknown> };
    expect(session.subscription_data.trial_end).toBeUndefined();
  });

  it("keeps return addresses on this site and refuses an unknown plan", async () => {
    const owner = await signUp();
    const response = await call("/api/billing/checkout", {
      cookie: owner.cookie,
      body: { plan_slug: "growth", success_url: "https://evil.example/steal", cancel_url: "/pricing?from=test" },
    });
    const { id } = (await response.json()) as { id: string };
    const session = (await (
      await fetch(`${STRIPE}/v1/checkout/sessions/${id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as { success_url: string; cancel_url: string };
    expect(session).toMatchObject({ success_url: "https://nikki.test/welcome", cancel_url: "https://nikki.test/pricing?from=test" });
    const unknown = await call("/api/billing/checkout", { cookie: owner.cookie, body: { plan_slug: "platinum" } });
    expect(unknown.status).toBe(400);
  });

  it("refuses a second subscription: an organization on a live (trialing) plan is sent to Change plan, no session made", async () => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner);
    await webhook("customer.subscription.created", { id: subscription.id, object: "subscription" });
    const response = await call("/api/billing/checkout", { cookie: owner.cookie, body: { plan_slug: "scale" } });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: "already_subscribed", message: API_ERRORS.already_subscribed.message });
    expect(
      await env.DB.prepare("select count(*) as n from audit_log where organization_id = ? and action = 'checkout_started'")
        .bind(owner.organizationId)
        .first("n"),
    ).toBe(1);
  });

  it("is for the owner only: an admin or a viewer gets 403, a visitor 401", async () => {
    const owner = await signUp();
    const viewer = await inviteAndJoin(owner, "viewer");
    const admin = await inviteAndJoin(owner, "admin");
    expect((await call("/api/billing/checkout", { cookie: viewer.cookie, body: { plan_slug: "growth" } })).status).toBe(403);
    expect((await call("/api/billing/checkout", { cookie: admin.cookie, body: { plan_slug: "growth" } })).status).toBe(403);
    expect((await call("/api/billing/checkout", { body: { plan_slug: "growth" } })).status).toBe(401);
  });
});

describe("POST /webhooks/stripe", () => {
  it("a valid checkout.session.completed makes the subscription active (trialing), read back from Stripe", async () => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner);
    const response = await webhook("checkout.session.completed", {
      id: "cs_x",
      object: "checkout.session",
      subscription: subscription.id,
      customer: subscription.customer,
      client_reference_id: owner.organizationId,
    });
    expect(response.status).toBe(200);
    expect(await subscriptionOf(owner)).toMatchObject({
      subscribed: true,
      status: "trialing",
      plan: { slug: "growth" },
      price_id: SIMULATED.stripePrices.growth,
      trial_end: expect.any(String),
    });
  });

  it.each([
    ["tampered by one byte", { tamper: true }],
    ["signed 301 s ago", { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ["signed an hour in the future", { timestamp: Math.floor(Date.now() / 1000) + 3600 }],
    ["signed 6 minutes in the future", { timestamp: Math.floor(Date.now() / 1000) + 360 }],
  ])("refuses an event %s: 400, nothing written", async (_case, options) => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner);
    const id = `evt_refused_${crypto.randomUUID()}`;
    const response = await webhook("customer.subscription.created", { id: subscription.id, object: "subscription" }, { id, ...options });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_signature");
    expect(await env.DB.prepare("select count(*) as n from stripe_events where id = ?").bind(id).first("n")).toBe(0);
    expect((await subscriptionOf(owner)).subscribed).toBe(false);
  });

  it.each([
    ["with no object", "customer.subscription.updated", undefined],
    ["whose subscription has no id", "customer.subscription.updated", { object: "subscription", status: "active" }],
    ["whose invoice is a string", "invoice.paid", "in_123"],
  ])("answers a correctly signed event %s with 400, recorded once, never 500", async (_case, type, object) => {
    const id = `evt_malformed_${crypto.randomUUID()}`;
    const response = await webhook(type, object as object, { id });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("malformed_event");
    expect(await env.DB.prepare("select type from stripe_events where id = ?").bind(id).first("type")).toBe(type);
    // Delivered again: already recorded, answered as a duplicate.
    expect(((await (await webhook(type, object as object, { id })).json()) as { duplicate?: boolean }).duplicate).toBe(true);
  });

  it("the same event delivered 5 times at once takes effect once", async () => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner, { trial_days: 0 });
    const invoice = {
      id: `in_test_${crypto.randomUUID()}`,
      object: "invoice",
      customer: subscription.customer,
      number: "T-0001",
      created: Math.floor(Date.now() / 1000),
      currency: "usd",
      amount_due: 7900,
      amount_paid: 7900,
      status: "paid",
      parent: { subscription_details: { subscription: subscription.id, metadata: { organization_id: owner.organizationId } } },
    };
    const id = `evt_dup_${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => webhook("invoice.paid", invoice, { id })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { duplicate?: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await env.DB.prepare("select count(*) as n from invoices where stripe_invoice_id = ?").bind(invoice.id).first("n")).toBe(1);
    const list = (await (await call("/api/billing/invoices", { cookie: owner.cookie })).json()) as {
      invoices: { number: string; amount: number; status: string }[];
    };
    expect(list.invoices).toEqual([expect.objectContaining({ number: "T-0001", amount: 7900, status: "paid" })]);
  });

  it("converges when updated arrives before created, and on deletion", async () => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner, { trial_days: 0 });
    await fetch(`${STRIPE}/__subscriptions/${subscription.id}`, { method: "POST", body: JSON.stringify({ status: "past_due" }) });
    await webhook("customer.subscription.updated", { id: subscription.id, object: "subscription", status: "past_due" });
    // The late "created" carries the old status; the worker re-reads Stripe and keeps the current one.
    await webhook("customer.subscription.created", { id: subscription.id, object: "subscription", status: "active" });
    expect(await subscriptionOf(owner)).toMatchObject({ status: "past_due", subscribed: true });
    await fetch(`${STRIPE}/__subscriptions/${subscription.id}`, { method: "POST", body: JSON.stringify({ status: "canceled" }) });
    await webhook("customer.subscription.deleted", { id: subscription.id, object: "subscription", status: "canceled" });
    expect(await subscriptionOf(owner)).toMatchObject({ status: "canceled", subscribed: false });
  });
});

describe("a second subscription reported by Stripe", () => {
  it("never replaces the live one (plan, trial and period kept): it is set to end with its period, audited once", async () => {
    const owner = await signUp();
    const first = await stripeSubscription(owner);
    await webhook("customer.subscription.created", { id: first.id, object: "subscription" });
    const before = await subscriptionOf(owner);
    // A second Checkout paid elsewhere (e.g. one opened before the first completed): active, billed from today.
    const customer = first.customer;
    const second = (await (
      await fetch(`${STRIPE}/__subscriptions`, {
        method: "POST",
        body: JSON.stringify({ customer, prices: [SIMULATED.stripePrices.scale], metadata: { organization_id: owner.organizationId, plan_slug: "scale" } }),
      })
    ).json()) as { id: string };
    for (const type of ["customer.subscription.created", "customer.subscription.updated"])
      expect((await webhook(type, { id: second.id, object: "subscription" })).status).toBe(200);
    expect(await webhook("checkout.session.completed", { id: "cs_second", object: "checkout.session", subscription: second.id, customer })).toHaveProperty(
      "status",
      200,
    );
    const after = await subscriptionOf(owner);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: "trialing", plan: { slug: "growth" } });
    const stored = await env.DB.prepare("select stripe_subscription_id from subscriptions where organization_id = ?")
      .bind(owner.organizationId)
      .first("stripe_subscription_id");
    expect(stored).toBe(first.id);
    const ended = (await (
      await fetch(`${STRIPE}/v1/subscriptions/${second.id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as {
      cancel_at_period_end: boolean;
    };
    expect(ended.cancel_at_period_end).toBe(true);
    const flagged = await env.DB.prepare("select target, details from audit_log where organization_id = ? and action = 'second_subscription_ended'")
      .bind(owner.organizationId)
      .all<{ target: string; details: string }>();
    expect(flagged.results).toEqual([{ target: second.id, details: JSON.stringify({ kept: first.id }) }]);

    // Once the first has ended, the second is the organization's subscription.
    await fetch(`${STRIPE}/__subscriptions/${first.id}`, { method: "POST", body: JSON.stringify({ status: "canceled" }) });
    await webhook("customer.subscription.deleted", { id: first.id, object: "subscription" });
    await webhook("customer.subscription.updated", { id: second.id, object: "subscription" });
    expect(await subscriptionOf(owner)).toMatchObject({ status: "active", plan: { slug: "scale" }, cancel_at_period_end: true });
  });
});

describe("billing for the dashboard", () => {
  it("GET /api/billing/subscription counts this period's call minutes; POST /portal gives the portal URL", async () => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner, { trial_days: 0 });
    await webhook("customer.subscription.created", { id: subscription.id, object: "subscription" });
    for (const seconds of [61, 120, 30]) {
      await env.DB.prepare(
        "insert into calls (id, call_sid, organization_id, from_number, to_number, status, duration_seconds) values (?, ?, ?, '+14155552671', '+15005550006', 'completed', ?)",
      )
        .bind(crypto.randomUUID(), `CA${crypto.randomUUID().replace(/-/g, "")}`, owner.organizationId, seconds)
        .run();
    }
    expect((await subscriptionOf(owner)).minutes_used).toBe(2 + 2 + 1);
    const portal = await call("/api/billing/portal", { cookie: owner.cookie, body: {} });
    expect(portal.status).toBe(200);
    const { url } = (await portal.json()) as { url: string };
    expect(url.startsWith(`${STRIPE}/portal/bps_`)).toBe(true);
    // The portal leads back to Billing: the session was made with its return_url.
    expect(await (await fetch(url)).text()).toMatch(/<a class="back" href="https?:\/\/[^"]+\/dashboard\/billing">← Return to /);
  });

  it("a plan chosen during the trial reads as the trial Stripe keeps (its days, its end), then as paid once Stripe ends it", async () => {
    const owner = await signUp();
    const subscription = await stripeSubscription(owner);
    await webhook("customer.subscription.created", { id: subscription.id, object: "subscription" });
    const trialing = await subscriptionOf(owner);
    expect(trialing).toMatchObject({ subscribed: true, state: "subscribed", status: "trialing", trial_days_left: 14 });
    // Stripe's current period during a trial is the trial itself: no renewal date inside it.
    expect(trialing.current_period_end).toBe(trialing.trial_end);

    // The trial ends (Stripe's `trial_end=now`, as at the trial's end): the first month is billed, the plan active.
    const ended = await fetch(`${STRIPE}/v1/subscriptions/${subscription.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: "trial_end=now",
    });
    expect(ended.status).toBe(200);
    await webhook("customer.subscription.updated", { id: subscription.id, object: "subscription" });
    const active = await subscriptionOf(owner);
    expect(active).toMatchObject({ subscribed: true, status: "active", trial_days_left: 0 });
    expect(new Date(active.current_period_end!).getTime() - Date.now()).toBeGreaterThan(27 * 86_400_000);
  });

  it("counts the trial's minutes across subscribing: a plan chosen during the trial keeps what was used before it", async () => {
    const owner = await signUp();
    // A 61-second call on the free trial, earlier this month, before the plan was chosen.
    await env.DB.prepare(
      "insert into calls (id, call_sid, organization_id, from_number, to_number, status, duration_seconds, created_at) values (?, ?, ?, '+14155552671', '+15005550006', 'completed', 61, ?)",
    )
      .bind(
        crypto.randomUUID(),
        `CA${crypto.randomUUID().replace(/-/g, "")}`,
        owner.organizationId,
        Math.max(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1), Date.now() - 60_000),
      )
      .run();
    expect((await subscriptionOf(owner)).minutes_used).toBe(2);
    const subscription = await stripeSubscription(owner);
    await webhook("customer.subscription.created", { id: subscription.id, object: "subscription" });
    const after = await subscriptionOf(owner);
    expect(after).toMatchObject({ subscribed: true, status: "trialing", minutes_used: 2 });
  });

  it("reports only the minutes beyond the plan to the Stripe meter when a call ends, once per call", async () => {
    const { reportOverage } = await import("../../billing/usage");
    const { createD1Database } = await import("../../db/client");
    const { readConfig } = await import("../../env");
    const { stripeClient } = await import("../../services/stripe/client");
    const { createLogger } = await import("../../logger");
    const owner = await signUp();
    const subscription = await stripeSubscription(owner, { trial_days: 0 });
    await webhook("customer.subscription.created", { id: subscription.id, object: "subscription" });
    const db = createD1Database(env.DB);
    const config = readConfig(env);
    const deps = { db, stripe: stripeClient(config), config, log: createLogger({}, "error") };
    const insertCall = async (seconds: number) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "insert into calls (id, call_sid, organization_id, from_number, to_number, status, duration_seconds) values (?, ?, ?, '+14155552671', '+15005550006', 'completed', ?)",
      )
        .bind(id, `CA${id.replace(/-/g, "")}`, owner.organizationId, seconds)
        .run();
      return { id, organizationId: owner.organizationId, durationSeconds: seconds };
    };
    // Growth includes 400 minutes: 398 used, then a 5-minute call → 3 minutes over.
    await insertCall(398 * 60);
    const call5 = await insertCall(5 * 60);
    expect(await reportOverage(deps, call5)).toBe(3);
    expect(await reportOverage(deps, call5)).toBe(3);
    const events = (await (await fetch(`${STRIPE}/__meter-events`)).json()) as { identifier: string; payload: { value: string; stripe_customer_id: string } }[];
    expect(events.filter((e) => e.identifier === call5.id)).toEqual([
      expect.objectContaining({ payload: { value: "3", stripe_customer_id: subscription.customer } }),
    ]);
  });
});
