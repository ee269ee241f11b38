/**
 * The Stripe simulator's invoices: the invoice object in Stripe's shape (its lines, totals, period, and the two
 * secret links `invoice_pdf` and `hosted_invoice_url`), the PDF behind the first and the hosted page behind the second.
 * A subscription's first invoice during a trial is Stripe's $0 "Trial period for …" invoice; otherwise each invoice
 * bills one period of the subscription's licensed prices.
 */
import { randomBytes } from "node:crypto";
import { type PdfRule, type PdfText, pdfDocument, rightAligned } from "./invoice-pdf";

type Obj = Record<string, unknown> & { id: string };

export interface InvoiceLine {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  pricing: { type: "price_details"; price_details: { price: string }; unit_amount_decimal: string };
}

export interface SimulatedInvoice extends Obj {
  number: string;
  created: number;
  currency: string;
  customer: string;
  customer_name: string | null;
  customer_email: string | null;
  account_name: string;
  status: "paid" | "open";
  amount_due: number;
  amount_paid: number;
  subtotal: number;
  total: number;
  period_start: number;
  period_end: number;
  billing_reason: "subscription_create" | "subscription_cycle";
  lines: { object: "list"; data: InvoiceLine[]; has_more: false; url: string };
  invoice_pdf: string;
  hosted_invoice_url: string;
}

/** What an invoice needs from the subscription it bills. */
export interface BilledPeriod {
  subscription: Obj & { customer: string; metadata: Record<string, string>; status: string };
  /** The licensed prices (metered ones bill usage, not a line) with their amounts and product names. */
  prices: { id: string; amount: number; product: string }[];
  start: number;
  end: number;
  /** The trial's $0 invoice (subscription created in a trial), or a period billed in full. */
  trial: boolean;
}

const newId = (prefix: string) => `${prefix}_sim${randomBytes(8).toString("hex")}`;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Stripe's words for a line: "Trial period for Growth", or "1 × Growth (at $79.00 / month)". */
const lineDescription = (product: string, amount: number, trial: boolean) =>
  trial ? `Trial period for ${product}` : `1 × ${product} (at ${usd(amount)} / month)`;

/**
 * A new invoice for `billed`, paid at once (Checkout took the card; a trial's costs nothing). `sequence` numbers it
 * SIM-0001, SIM-0002, …; `base` is where the simulator serves its links.
 */
export function newInvoice(
  billed: BilledPeriod,
  context: { sequence: number; base: string; accountName: string; customer: Record<string, unknown> | undefined },
): SimulatedInvoice {
  const lines: InvoiceLine[] = billed.prices.map((price) => ({
    id: newId("il"),
    object: "line_item",
    amount: billed.trial ? 0 : price.amount,
    currency: "usd",
    description: lineDescription(price.product, price.amount, billed.trial),
    quantity: 1,
    period: { start: billed.start, end: billed.end },
    pricing: { type: "price_details", price_details: { price: price.id }, unit_amount_decimal: String(billed.trial ? 0 : price.amount) },
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const id = newId("in");
  // Stripe's links are secret, unguessable paths under the account (invoice.stripe.com/i/…, pay.stripe.com/invoice/…/pdf).
  const secret = `test_${randomBytes(18).toString("base64url")}`;
  return {
    id,
    object: "invoice",
    account_name: context.accountName,
    customer: billed.subscription.customer,
    customer_name: typeof context.customer?.name === "string" ? context.customer.name : null,
    customer_email: typeof context.customer?.email === "string" ? context.customer.email : null,
    number: `SIM-${String(context.sequence).padStart(4, "0")}`,
    created: billed.start,
    currency: "usd",
    status: "paid",
    amount_due: total,
    amount_paid: total,
    amount_remaining: 0,
    subtotal: total,
    total,
    period_start: billed.start,
    period_end: billed.end,
    billing_reason: billed.trial || billed.subscription.status === "trialing" ? "subscription_create" : "subscription_cycle",
    status_transitions: { paid_at: billed.start, finalized_at: billed.start },
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    invoice_pdf: `${context.base}/invoice/acct_sim/${secret}/pdf`,
    hosted_invoice_url: `${context.base}/i/acct_sim/${secret}`,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: billed.subscription.id, metadata: billed.subscription.metadata },
    },
  };
}

/** The invoice as Stripe's PDF lays it out: who bills whom, the number and dates, the lines and the totals. */
export function invoicePdf(invoice: SimulatedInvoice): Buffer {
  const texts: PdfText[] = [];
  const rules: PdfRule[] = [];
  const RIGHT = 540;
  texts.push({ x: 72, y: 720, size: 24, text: "Invoice", bold: true });
  for (const [index, [label, value]] of [
    ["Invoice number", invoice.number],
    ["Date of issue", day(invoice.created)],
    ["Date paid", day(invoice.created)],
  ].entries()) {
    texts.push({ x: 72, y: 690 - index * 15, size: 10, text: label! }, { x: 170, y: 690 - index * 15, size: 10, text: value! });
  }
  texts.push({ x: 72, y: 625, size: 10, text: invoice.account_name, bold: true });
  texts.push({ x: 320, y: 625, size: 10, text: "Bill to", bold: true });
  [invoice.customer_name, invoice.customer_email].filter(Boolean).forEach((line, index) => {
    texts.push({ x: 320, y: 610 - index * 14, size: 10, text: String(line) });
  });
  texts.push({ x: 72, y: 560, size: 14, text: `${usd(invoice.amount_paid)} paid on ${day(invoice.created)}`, bold: true });
  let y = 520;
  texts.push({ x: 72, y, size: 9, text: "Description", bold: true }, { x: 380, y, size: 9, text: "Qty", bold: true });
  texts.push({ x: rightAligned("Amount", RIGHT, 9) - 6, y, size: 9, text: "Amount", bold: true });
  rules.push({ x1: 72, x2: RIGHT, y: y - 6 });
  for (const line of invoice.lines.data) {
    y -= 24;
    texts.push({ x: 72, y, size: 10, text: line.description });
    texts.push({ x: 72, y: y - 12, size: 8, text: `${day(line.period.start)} - ${day(line.period.end)}` });
    texts.push({ x: 380, y, size: 10, text: String(line.quantity) });
    texts.push({ x: rightAligned(usd(line.amount), RIGHT, 10), y, size: 10, text: usd(line.amount) });
  }
  y -= 30;
  rules.push({ x1: 320, x2: RIGHT, y: y + 14 });
  for (const [label, cents, bold] of [
    ["Subtotal", invoice.subtotal, false],
    ["Total", invoice.total, false],
    ["Amount paid", invoice.amount_paid, true],
  ] as const) {
    texts.push({ x: 320, y, size: 10, text: label, bold }, { x: rightAligned(usd(cents), RIGHT, 10), y, size: 10, text: usd(cents), bold });
    y -= 16;
  }
  texts.push({ x: 72, y: 72, size: 8, text: `${invoice.number} · ${usd(invoice.amount_paid)} paid on ${day(invoice.created)} · Stripe simulator (test mode)` });
  return pdfDocument({ title: `Invoice ${invoice.number}`, texts, rules });
}

/** The hosted invoice page, as invoice.stripe.com shows it: amount and status, the details, the lines, the PDF. */
export function hostedInvoicePage(invoice: SimulatedInvoice): string {
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<br><small>${day(line.period.start)} – ${day(line.period.end)}</small></td><td>${line.quantity}</td><td class="n">${usd(line.amount)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Invoice ${escapeHtml(invoice.number)} | ${escapeHtml(invoice.account_name)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 20px;color:#1a1f36}small,.muted{color:#697386}table{width:100%;border-collapse:collapse;margin:16px 0}td,th{text-align:left;padding:8px 0;border-bottom:1px solid #e3e8ee;vertical-align:top}.n{text-align:right}a.button{display:inline-block;background:#635bff;color:#fff;border-radius:6px;padding:10px 16px;text-decoration:none;font-weight:600}</style></head>
<body><main><p class="muted">${escapeHtml(invoice.account_name)} · Stripe simulator (test mode)</p>
<h1>${usd(invoice.amount_paid)}</h1><p>Paid ${day(invoice.created)}</p>
<p><a class="button" href="${escapeHtml(invoice.invoice_pdf)}">Download invoice</a></p>
<dl><dt class="muted">Invoice number</dt><dd>${escapeHtml(invoice.number)}</dd><dt class="muted">Billed to</dt><dd>${escapeHtml(invoice.customer_email ?? invoice.customer_name ?? invoice.customer)}</dd></dl>
<table><thead><tr><th>Description</th><th>Qty</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td colspan="2">Total</td><td class="n">${usd(invoice.total)}</td></tr><tr><th colspan="2">Amount paid</th><th class="n">${usd(invoice.amount_paid)}</th></tr></tfoot></table>
</main></body></html>`;
}

/** The invoice a simulator link names (`/invoice/acct_sim/{secret}/pdf` or `/i/acct_sim/{secret}`), if any. */
export function invoiceOfLink(invoices: Iterable<SimulatedInvoice>, url: URL): { invoice: SimulatedInvoice; pdf: boolean } | null {
  const pdf = /^\/invoice\/acct_sim\/[\w-]+\/pdf$/.test(url.pathname);
  if (!pdf && !/^\/i\/acct_sim\/[\w-]+$/.test(url.pathname)) return null;
  for (const invoice of invoices) {
    if (new URL(pdf ? invoice.invoice_pdf : invoice.hosted_invoice_url).pathname === url.pathname) return { invoice, pdf };
  }
  return null;
}
