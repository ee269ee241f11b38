/**
 * A Stripe simulator for tests and offline demos, speaking Stripe's wire format for what the product uses:
 * customers, Checkout sessions (whose URL is a local checkout page; paying there creates the subscription and
 * its first invoice and delivers correctly signed webhooks to the worker), subscriptions, the billing portal and
 * billing meter events. Test infrastructure only: the worker reaches it through STRIPE_API_BASE.
 */
import { randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { faultQueue } from "./faults";
import { listenLocal, readText, sendJson } from "./http";
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
}

const newId = (prefix: string) => `${prefix}_sim${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeSimulator(options: StripeSimulatorOptions) {
  const base = `http://127.0.0.1:${options.port}`;
  const customers = new Map<string, Obj>();
  const sessions = new Map<
    string,
    Obj & { line_items: { price: string }[]; subscription_data?: { trial_period_days?: string; trial_end?: string; metadata?: Record<string, string> } }
  >();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
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

  function subscriptionFor(customer: string, prices: string[], metadata: Record<string, string>, trialEnd: number | null): Obj {
    const start = now();
    const subscription: Obj = {
      id: newId("sub"),
      object: "subscription",
      customer,
      status: trialEnd ? "trialing" : "active",
      metadata,
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
          current_period_end: start + 30 * 86_400,
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

  function invoiceFor(subscription: Obj, paid: boolean): Obj {
    const items = (subscription.items as { data: { price: { unit_amount: number } }[] }).data;
    const amount = subscription.status === "trialing" ? 0 : items.reduce((sum, item) => sum + item.price.unit_amount, 0);
    const invoice: Obj = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      number: `SIM-${String(invoices.size + 1).padStart(4, "0")}`,
      created: now(),
      currency: "usd",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      status: paid ? "paid" : "open",
      invoice_pdf: `${base}/invoices/${invoices.size + 1}.pdf`,
      hosted_invoice_url: `${base}/invoices/${invoices.size + 1}`,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
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
    if (url.pathname === "/v1/billing_portal/sessions" && request.method === "POST") {
      if (!customers.has(String(body.customer))) return stripeError(response, 400, `No such customer: '${body.customer}'`);
      const portal = {
        id: newId("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `${base}/portal/${body.customer}`,
      };
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

  function checkoutPage(response: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) return void response.writeHead(404, { "content-type": "text/plain" }).end("No such checkout session");
    const plan = session.subscription_data?.metadata?.plan_slug ?? "plan";
    const amount = (options.prices[session.line_items[0]?.price ?? ""] ?? 0) / 100;
    const trialEnd = trialEndOf(session.subscription_data);
    const trial = trialEnd ? Math.ceil((trialEnd - now()) / 86_400) : 0;
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Stripe Checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:460px;margin:60px auto;padding:0 20px;color:#1a1f36}button{font:inherit;font-weight:600;background:#635bff;color:#fff;border:0;border-radius:6px;padding:12px 20px;width:100%;cursor:pointer}.muted{color:#697386}</style></head>
<body><main><p class="muted">Stripe simulator · test mode</p><h1>Subscribe to ${plan}</h1><p>$${amount.toFixed(2)} per month${trial ? `, after a ${trial}-day free trial` : ""}.</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay and subscribe</button></form>
<p><a href="${session.cancel_url}">Cancel and go back</a></p></main></body></html>`);
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
    const invoice = invoiceFor(subscription, true);
    await deliver("customer.subscription.created", subscription);
    await deliver("checkout.session.completed", session);
    await deliver("invoice.paid", invoice);
    response.writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", base);
    try {
      if (url.pathname.startsWith("/v1/")) return await api(request, response, url);
      if (url.pathname.startsWith("/pay/") && request.method === "GET") return checkoutPage(response, url.pathname.slice(5));
      if (url.pathname.startsWith("/pay/") && request.method === "POST") return await pay(response, url.pathname.slice(5));
      if (url.pathname.startsWith("/portal/"))
        return void response
          .writeHead(200, { "content-type": "text/html" })
          .end("<!doctype html><title>Billing portal</title><h1>Simulated billing portal</h1>");
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
        const subscription = subscriptionFor(input.customer, input.prices, input.metadata, input.trial_days ?? 0);
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
