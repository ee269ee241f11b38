/**
 * A Stripe simulator for tests and offline demos, speaking Stripe's wire format for what the product uses:
 * customers, Checkout sessions (whose URL is a local checkout page; paying there creates the subscription and
 * its first invoice and delivers correctly signed webhooks to the worker), subscriptions (trialing until `trial_end`,
 * whose current period is the trial, then active; `trial_end=now` ends a trial as Stripe does, billing the first
 * period), invoices with their PDF and hosted page (stripe-invoices.ts), the billing portal and billing meter events.
 * Test infrastructure only: the worker reaches it through STRIPE_API_BASE.
 */
import { randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { faultQueue } from "./faults";
import { listenLocal, readText, sendJson } from "./http";
import { checkoutPage } from "./stripe-checkout-page";
import { portalPage } from "./stripe-portal-page";
import { type SimulatedInvoice, hostedInvoicePage, invoiceOfLink, invoicePdf, newInvoice } from "./stripe-invoices";
import { parseStripeForm, stripeSignature } from "./stripe-signature";

type Obj = Record<string, unknown> & { id: string };

export interface StripeSimulatorOptions {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Where signed webhooks go, e.g. http://127.0.0.1:8791/webhooks/stripe. */
  webhookUrl: string;
  /** Unit amounts of the prices the simulator knows (cents). */
  prices: Record<string, number>;
  /** The product each price sells, as Checkout and invoices name it (else the price id). */
  productNames?: Record<string, string>;
  /** The business the invoices come from (Stripe's account name). */
  accountName?: string;
}

const newId = (prefix: string) => `${prefix}_sim${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
/** Checkout's `subscription_data[trial_end]` must be at least 48 hours away (Stripe's rule). */
const MIN_TRIAL_S = 48 * 3600;

/** A monthly price's next period end: the same day of the next month (its last day when shorter), as Stripe bills. */
function monthAfter(seconds: number): number {
  const start = new Date(seconds * 1000);
  const next = new Date(start);
  next.setUTCDate(1);
  next.setUTCMonth(start.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(next.getTime() / 1000);
}

type Subscription = Obj & {
  customer: string;
  status: string;
  metadata: Record<string, string>;
  trial_end: number | null;
  items: {
    object: "list";
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; unit_amount: number; recurring: { usage_type: string } };
    }[];
  };
};

export async function startStripeSimulator(options: StripeSimulatorOptions) {
  const base = `http://127.0.0.1:${options.port}`;
  const customers = new Map<string, Obj>();
  const sessions = new Map<
    string,
    Obj & { line_items: { price: string }[]; subscription_data?: { trial_period_days?: string; trial_end?: string; metadata?: Record<string, string> } }
  >();
  const subscriptions = new Map<string, Subscription>();
  const portalSessions = new Map<string, Obj & { customer: unknown; return_url: unknown }>();
  const invoices = new Map<string, SimulatedInvoice>();
  const meterEvents = new Map<string, Obj>();
  /** Injected failures (test control /__faults, faults.ts): the next requests to a path answer 500, before or after acting. */
  const faults = faultQueue();
  const takeFault = (path: string) => faults.take(path);
  const delivered: { id: string; type: string; status: number }[] = [];

  const stripeError = (response: ServerResponse, status: number, message: string, type = "invalid_request_error") =>
    sendJson(response, status, { error: { type, message } });

  async function deliver(type: string, object: Obj) {
    const event = { id: newId("evt"), object: "event", api_version: "2025-10-29.clover", created: now(), livemode: false, type, data: { object } };
    const payload = JSON.stringify(event);
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(payload, options.webhookSecret) },
      body: payload,
    });
    delivered.push({ id: event.id, type, status: response.status });
    return event;
  }

  /** `trial_end` (a Unix time) or `trial_period_days`, as Checkout's subscription_data takes either. */
  function trialEndOf(data: { trial_period_days?: string; trial_end?: string } | undefined): number | null {
    if (data?.trial_end) return Number(data.trial_end);
    const days = Number(data?.trial_period_days ?? 0);
    return days > 0 ? now() + days * 86_400 : null;
  }

  /** A subscription from now: trialing until `trialEnd` (its first period is the trial), else active for a month. */
  function subscriptionFor(customer: string, prices: string[], metadata: Record<string, string>, trialEnd: number | null): Subscription {
    const start = now();
    const periodEnd = trialEnd ?? monthAfter(start);
    const subscription: Subscription = {
      id: newId("sub"),
      object: "subscription",
      customer,
      status: trialEnd ? "trialing" : "active",
      metadata,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      created: start,
      items: {
        object: "list",
        data: prices.map((price) => ({
          id: newId("si"),
          object: "subscription_item",
          quantity: 1,
          current_period_start: start,
          current_period_end: periodEnd,
          price: {
            id: price,
            object: "price",
            unit_amount: options.prices[price] ?? 0,
            recurring: { interval: "month", usage_type: options.prices[price] === undefined ? "metered" : "licensed" },
          },
        })),
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** The invoice of the subscription's current period: the trial's $0 one while trialing, else the period in full. */
  function invoiceFor(subscription: Subscription): SimulatedInvoice {
    const items = subscription.items.data;
    const licensed = items.filter((item) => item.price.recurring.usage_type !== "metered");
    const invoice = newInvoice(
      {
        subscription,
        prices: licensed.map((item) => ({
          id: item.price.id,
          amount: item.price.unit_amount,
          product: options.productNames?.[item.price.id] ?? item.price.id,
        })),
        start: items[0]?.current_period_start ?? now(),
        end: items[0]?.current_period_end ?? now(),
        trial: subscription.status === "trialing",
      },
      { sequence: invoices.size + 1, base, accountName: options.accountName ?? "Stripe simulator", customer: customers.get(subscription.customer) },
    );
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /**
   * `POST /v1/subscriptions/{id}`: `trial_end=now` ends the trial at once (a new period starts and is billed, the
   * subscription is active), a later `trial_end` moves it; `cancel_at_period_end` as sent. Then Stripe's events.
   */
  async function updateSubscription(response: ServerResponse, subscription: Subscription, body: Record<string, unknown>) {
    if (subscription.status === "canceled") return stripeError(response, 400, "A canceled subscription can only update its cancellation_details and metadata.");
    let invoice: SimulatedInvoice | null = null;
    if (body.trial_end !== undefined) {
      const at = body.trial_end === "now" ? now() : Number(body.trial_end);
      if (!Number.isInteger(at) || at < now()) return stripeError(response, 400, "Invalid timestamp: must be an integer Unix timestamp in the future.");
      const ends = at <= now();
      for (const item of subscription.items.data) {
        if (ends) item.current_period_start = at;
        item.current_period_end = ends ? monthAfter(at) : at;
      }
      Object.assign(subscription, { trial_end: at, status: ends ? "active" : "trialing" });
      if (ends) invoice = invoiceFor(subscription);
    }
    if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
    sendJson(response, 200, subscription);
    await deliver("customer.subscription.updated", subscription).catch(() => undefined);
    if (invoice) await deliver("invoice.paid", invoice).catch(() => undefined);
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(response, 401, "Invalid API Key provided", "invalid_request_error");
    }
    const body = request.method === "POST" ? parseStripeForm(await readText(request)) : {};
    const [, , resource, id] = url.pathname.split("/");
    const route = `${request.method} /${resource}${id ? "/:id" : ""}`;
    if (route === "POST /customers") {
      const customer: Obj = { id: newId("cus"), object: "customer", name: body.name ?? null, email: body.email ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return sendJson(response, 200, customer);
    }
    if (route === "GET /customers/:id")
      return customers.has(id!) ? sendJson(response, 200, customers.get(id!)) : stripeError(response, 404, `No such customer: '${id}'`);
    if (url.pathname === "/v1/checkout/sessions" && request.method === "POST") {
      if (!customers.has(String(body.customer))) return stripeError(response, 400, `No such customer: '${body.customer}'`);
      const lineItems = (body.line_items as { price: string }[]) ?? [];
      const unknown = lineItems.find((item) => !(item.price in options.prices) && !item.price.includes("overage"));
      if (unknown) return stripeError(response, 400, `No such price: '${unknown.price}'`);
      const trialEnd = (body.subscription_data as { trial_end?: string } | undefined)?.trial_end;
      if (trialEnd !== undefined && !(Number(trialEnd) >= now() + MIN_TRIAL_S))
        return stripeError(response, 400, "`subscription_data[trial_end]` must be at least 48 hours in the future.");
      const session = {
        id: newId("cs"),
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        url: "",
        line_items: lineItems,
        subscription_data: body.subscription_data as { trial_period_days?: string; trial_end?: string; metadata?: Record<string, string> },
      };
      session.url = `${base}/pay/${session.id}`;
      sessions.set(session.id, session);
      return sendJson(response, 200, session);
    }
    if (url.pathname.startsWith("/v1/checkout/sessions/") && request.method === "GET") {
      const session = sessions.get(url.pathname.split("/")[4]!);
      return session ? sendJson(response, 200, session) : stripeError(response, 404, "No such checkout.session");
    }
    // Cancel a subscription (DELETE /v1/subscriptions/{id}): at once, answered with the canceled subscription; then the event.
    if (route === "DELETE /subscriptions/:id") {
      const subscription = subscriptions.get(id!);
      if (!subscription) return stripeError(response, 404, `No such subscription: '${id}'`);
      if (subscription.status === "canceled") return stripeError(response, 400, `No such subscription: '${id}'`);
      Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
      sendJson(response, 200, subscription);
      return void deliver("customer.subscription.deleted", subscription).catch(() => undefined);
    }
    if (route === "GET /subscriptions/:id")
      return subscriptions.has(id!) ? sendJson(response, 200, subscriptions.get(id!)) : stripeError(response, 404, `No such subscription: '${id}'`);
    if (route === "POST /subscriptions/:id") {
      const subscription = subscriptions.get(id!);
      return subscription ? updateSubscription(response, subscription, body) : stripeError(response, 404, `No such subscription: '${id}'`);
    }
    if (route === "GET /invoices/:id")
      return invoices.has(id!) ? sendJson(response, 200, invoices.get(id!)) : stripeError(response, 404, `No such invoice: '${id}'`);
    if (url.pathname === "/v1/billing_portal/sessions" && request.method === "POST") {
      if (!customers.has(String(body.customer))) return stripeError(response, 400, `No such customer: '${body.customer}'`);
      const portal = {
        id: newId("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: "",
      };
      portal.url = `${base}/portal/${portal.id}`;
      portalSessions.set(portal.id, portal);
      return sendJson(response, 200, portal);
    }
    if (url.pathname === "/v1/billing/meter_events" && request.method === "POST") {
      const fault = takeFault(url.pathname);
      if (fault && !fault.recorded) return stripeError(response, 500, "An unknown error occurred", "api_error");
      const identifier = String(body.identifier ?? newId("mev"));
      // Stripe keeps one event per identifier: a retry changes nothing.
      const existing = meterEvents.get(identifier);
      if (existing) return sendJson(response, 200, existing);
      const event: Obj = { id: identifier, object: "billing.meter_event", event_name: body.event_name, identifier, payload: body.payload, timestamp: now() };
      meterEvents.set(identifier, event);
      // Recorded, but the answer is lost to a 500: only the identifier keeps the client's retry from counting twice.
      if (fault) return stripeError(response, 500, "An unknown error occurred", "api_error");
      return sendJson(response, 200, event);
    }
    return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
  }

  function showCheckout(response: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) return void response.writeHead(404, { "content-type": "text/plain" }).end("No such checkout session");
    const price = session.line_items[0]?.price ?? "";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      checkoutPage({
        sessionId: session.id,
        mode: session.mode === "payment" ? "payment" : "subscription",
        product: options.productNames?.[price] ?? session.subscription_data?.metadata?.plan_slug ?? price,
        amountCents: options.prices[price] ?? 0,
        trialEnd: trialEndOf(session.subscription_data),
        now: now(),
        cancelUrl: String(session.cancel_url),
      }),
    );
  }

  function showPortal(response: ServerResponse, sessionId: string) {
    const session = portalSessions.get(sessionId);
    if (!session) return void response.writeHead(404, { "content-type": "text/plain" }).end("No such billing portal session");
    const plans = [...subscriptions.values()]
      .filter((subscription) => subscription.customer === session.customer && subscription.status !== "canceled")
      .map((subscription) => {
        const price = subscription.items.data[0]?.price.id ?? "";
        return { product: options.productNames?.[price] ?? price, status: subscription.status };
      });
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      portalPage({
        accountName: options.accountName ?? "Stripe simulator",
        customer: customers.get(String(session.customer)),
        plans,
        returnUrl: typeof session.return_url === "string" ? session.return_url : null,
      }),
    );
  }

  /** An invoice's PDF (`invoice_pdf`) or hosted page (`hosted_invoice_url`). */
  function showInvoice(response: ServerResponse, url: URL): boolean {
    const found = invoiceOfLink(invoices.values(), url);
    if (!found) return false;
    const { invoice, pdf } = found;
    if (pdf)
      response
        .writeHead(200, { "content-type": "application/pdf", "content-disposition": `inline; filename="Invoice-${invoice.number}.pdf"` })
        .end(invoicePdf(invoice));
    else response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(hostedInvoicePage(invoice));
    return true;
  }

  async function pay(response: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session || session.status !== "open") return void response.writeHead(409, { "content-type": "text/plain" }).end("This checkout session is not open");
    const subscription = subscriptionFor(
      String(session.customer),
      session.line_items.map((item) => item.price),
      session.subscription_data?.metadata ?? {},
      trialEndOf(session.subscription_data),
    );
    Object.assign(session, {
      status: "complete",
      payment_status: subscription.status === "trialing" ? "no_payment_required" : "paid",
      subscription: subscription.id,
    });
    const invoice = invoiceFor(subscription);
    await deliver("customer.subscription.created", subscription);
    await deliver("checkout.session.completed", session);
    await deliver("invoice.paid", invoice);
    response.writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", base);
    try {
      if (url.pathname.startsWith("/v1/")) return await api(request, response, url);
      if (url.pathname.startsWith("/pay/") && request.method === "GET") return showCheckout(response, url.pathname.slice(5));
      if (request.method === "GET" && showInvoice(response, url)) return;
      if (url.pathname.startsWith("/pay/") && request.method === "POST") return await pay(response, url.pathname.slice(5));
      if (url.pathname.startsWith("/portal/") && request.method === "GET") return showPortal(response, url.pathname.slice(8));
      // Test controls.
      if (url.pathname === "/__events") return sendJson(response, 200, delivered);
      if (url.pathname === "/__meter-events") return sendJson(response, 200, [...meterEvents.values()]);
      if (url.pathname === "/__faults" && request.method === "POST") {
        const input = JSON.parse(await readText(request)) as { path: string; count: number; recorded: boolean };
        return sendJson(response, 201, { pending: faults.add(input) });
      }
      if (url.pathname === "/__subscriptions" && request.method === "POST") {
        const input = JSON.parse(await readText(request)) as {
          customer: string;
          prices: string[];
          metadata: Record<string, string>;
          trial_days?: number;
          status?: string;
        };
        const subscription = subscriptionFor(input.customer, input.prices, input.metadata, input.trial_days ? now() + input.trial_days * 86_400 : null);
        if (input.status) subscription.status = input.status;
        return sendJson(response, 200, subscription);
      }
      if (url.pathname.startsWith("/__subscriptions/") && request.method === "POST") {
        const subscription = subscriptions.get(url.pathname.split("/")[2]!);
        if (!subscription) return sendJson(response, 404, { error: "no such subscription" });
        Object.assign(subscription, JSON.parse(await readText(request)));
        return sendJson(response, 200, subscription);
      }
      sendJson(response, 404, { error: { message: `Unknown path ${url.pathname}` } });
    } catch (error) {
      sendJson(response, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } });
    }
  });
  const close = await listenLocal(server, options.port);
  return { baseUrl: base, close };
}
