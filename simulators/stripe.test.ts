import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_CREDENTIALS } from "./credentials";
import { listenLocal, readText } from "./http";
import { startStripeSimulator } from "./stripe";
import { SIMULATED_STRIPE_CATALOGUE } from "./stripe-vars";

const GROWTH = SIMULATED_CREDENTIALS.stripePrices.growth;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A port nobody listens on yet. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The strings a PDF's content stream shows (`(…) Tj`), unescaped, as a reader extracts them. */
const shownText = (pdf: string) => [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => match[1]!.replace(/\\(.)/g, "$1"));

let stripe: Stripe;
let base: string;
const events: { type: string; data: { object: Record<string, unknown> } }[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The worker's webhook, stood in for: it records what Stripe sends.
  const receiver = createServer(async (request, response) => {
    events.push(JSON.parse(await readText(request)));
    response.writeHead(200).end("{}");
  });
  const receiverPort = await freePort();
  closers.push(await listenLocal(receiver, receiverPort));
  const simulator = await startStripeSimulator({
    port: await freePort(),
    secretKey: SIMULATED_CREDENTIALS.stripeSecretKey,
    webhookSecret: SIMULATED_CREDENTIALS.stripeWebhookSecret,
    webhookUrl: `http://127.0.0.1:${receiverPort}/webhooks/stripe`,
    ...SIMULATED_STRIPE_CATALOGUE,
  });
  closers.push(simulator.close);
  base = simulator.baseUrl;
  const url = new URL(base);
  // Stripe's own SDK, unchanged but for where it connects.
  stripe = new Stripe(SIMULATED_CREDENTIALS.stripeSecretKey, { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0 });
});
afterAll(async () => {
  for (const close of closers) await close();
});

/** Checkout as a customer completes it: the session, its page, then "paying" on it (the page's form). */
async function subscribe(trialEnd?: number) {
  const customer = await stripe.customers.create({ name: "Bright Smile Dental", email: "owner@brightsmile.example" });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: GROWTH, quantity: 1 }],
    subscription_data: { ...(trialEnd ? { trial_end: trialEnd } : {}), metadata: { plan_slug: "growth" } },
    success_url: "https://nikki.test/dashboard/billing?checkout=success",
    cancel_url: "https://nikki.test/dashboard/billing",
  });
  const page = await (await fetch(session.url!)).text();
  const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(String(completed.subscription));
  const invoice = events.filter((event) => event.type === "invoice.paid").at(-1)!.data.object as unknown as Stripe.Invoice;
  return { page, subscription, invoice, session: completed };
}

describe("the Stripe simulator's Checkout and subscriptions, as Stripe behaves", () => {
  it("with the trial's remaining days: Checkout offers a trial, nothing is due, the subscription trials until trial_end and its $0 invoice says so", async () => {
    const trialEnd = now() + 14 * DAY;
    const { page, subscription, invoice, session } = await subscribe(trialEnd);
    expect(page).toContain("<h1>Try Growth</h1>");
    expect(page).toContain("14 days free");
    expect(page).toMatch(/Then \$79\.00 per month starting \w+ \d+, \d{4}/);
    expect(page).toContain("<dt>Total due today</dt><dd>$0.00</dd>");
    expect(page).toContain(">Start trial</button>");
    expect(session.payment_status).toBe("no_payment_required");
    expect(subscription.status).toBe("trialing");
    expect(subscription.trial_end).toBe(trialEnd);
    // During a trial, Stripe's current period is the trial itself.
    expect(subscription.items.data[0]).toMatchObject({ current_period_end: trialEnd });
    expect(invoice).toMatchObject({ amount_paid: 0, total: 0, status: "paid", billing_reason: "subscription_create" });
    expect(invoice.lines.data).toEqual([expect.objectContaining({ description: "Trial period for Growth", amount: 0 })]);
  });

  it("without a trial: Checkout charges the price today, the subscription is active for a month and its invoice bills it", async () => {
    const { page, subscription, invoice } = await subscribe();
    expect(page).toContain("<h1>Subscribe to Growth</h1>");
    expect(page).toContain("<dt>Total due today</dt><dd>$79.00</dd>");
    expect(page).toContain(">Subscribe</button>");
    expect(subscription.status).toBe("active");
    expect(subscription.trial_end).toBeNull();
    const item = subscription.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * DAY);
    expect(invoice).toMatchObject({ amount_paid: 7_900, total: 7_900, status: "paid" });
    expect(invoice.lines.data[0]?.description).toBe("1 × Growth (at $79.00 / month)");
  });

  it("refuses a Checkout trial_end less than 48 hours away, as Stripe does", async () => {
    const customer = await stripe.customers.create({ name: "Late Dental" });
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customer.id,
        line_items: [{ price: GROWTH, quantity: 1 }],
        subscription_data: { trial_end: now() + DAY },
        success_url: "https://nikki.test/welcome",
      }),
    ).rejects.toThrow(/at least 48 hours/);
  });

  it("trial_end=now ends the trial: active, a new month's period, its invoice paid, and the events sent", async () => {
    const { subscription } = await subscribe(now() + 10 * DAY);
    const before = events.length;
    const ended = await stripe.subscriptions.update(subscription.id, { trial_end: "now" });
    expect(ended.status).toBe("active");
    expect(ended.items.data[0]!.current_period_end - ended.items.data[0]!.current_period_start).toBeGreaterThanOrEqual(28 * DAY);
    await expect.poll(() => events.slice(before).map((event) => event.type)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    const invoice = events.at(-1)!.data.object as unknown as Stripe.Invoice;
    expect(invoice).toMatchObject({ amount_paid: 7_900, status: "paid" });
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({ id: invoice.id, amount_paid: 7_900 });
  });
});

describe("the Stripe simulator's invoice links", () => {
  it("invoice_pdf answers a well-formed PDF with the number, date, lines and total; hosted_invoice_url an invoice page", async () => {
    const { invoice } = await subscribe();
    const response = await fetch(invoice.invoice_pdf!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // Every cross-reference entry points at its object's first byte, and startxref at the table.
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const entries = [...text.slice(startxref).matchAll(/(\d{10}) 00000 n\r\n/g)].map((match) => Number(match[1]));
    expect(entries).toHaveLength(7);
    entries.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const streamStart = text.indexOf("stream\n") + "stream\n".length;
    expect(text.slice(streamStart + length, streamStart + length + "endstream".length)).toBe("endstream");
    const shown = shownText(text);
    for (const words of [invoice.number!, "1 × Growth (at $79.00 / month)", "$79.00", "Amount paid", "Bright Smile Dental"]) expect(shown).toContain(words);

    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(hosted.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await hosted.text();
    expect(html).toContain(`Invoice ${invoice.number}`);
    expect(html).toContain(`href="${invoice.invoice_pdf}"`);
  });

  it("answers 404 for a link no invoice has", async () => {
    expect((await fetch(`${base}/invoice/acct_sim/test_nothing/pdf`)).status).toBe(404);
    expect((await fetch(`${base}/i/acct_sim/test_nothing`)).status).toBe(404);
  });
});

describe("the Stripe simulator's customer portal, as Stripe's", () => {
  it("leads back to the session's return_url with 'Return to <account>', and names the customer's plan", async () => {
    const { subscription } = await subscribe();
    const session = await stripe.billingPortal.sessions.create({ customer: String(subscription.customer), return_url: "https://nikki.test/dashboard/billing" });
    expect(session.return_url).toBe("https://nikki.test/dashboard/billing");
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('<a class="back" href="https://nikki.test/dashboard/billing">← Return to Stripe simulator</a>');
    expect(page).toContain("Bright Smile Dental · owner@brightsmile.example");
    expect(page).toContain('Growth <span class="muted">(active)</span>');
    // Without a return_url (Stripe's default return address unset), the portal offers no way back.
    const bare = await stripe.billingPortal.sessions.create({ customer: String(subscription.customer) });
    expect(await (await fetch(bare.url)).text()).not.toContain("Return to");
    expect((await fetch(`${base}/portal/bps_nothing`)).status).toBe(404);
  });
});
