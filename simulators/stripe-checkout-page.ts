/**
 * The Stripe simulator's hosted Checkout page, worded as Stripe words it: with a trial, "Try Growth", "14 days free",
 * "Then $79.00 per month starting …", $0.00 due today and a "Start trial" button; without one, "Subscribe to Growth",
 * the price due today and "Subscribe"; a one-time payment (`mode: "payment"`) says "Pay".
 */

export interface CheckoutOffer {
  sessionId: string;
  /** The session's `mode`: a subscription, or a one-time payment. */
  mode: "subscription" | "payment";
  product: string;
  amountCents: number;
  /** When the trial ends (Unix seconds), or null: charged today. */
  trialEnd: number | null;
  now: number;
  cancelUrl: string;
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The label of Checkout's submit button, as Stripe chooses it for the session. */
export function submitLabel(offer: Pick<CheckoutOffer, "mode" | "trialEnd">): "Start trial" | "Subscribe" | "Pay" {
  if (offer.mode === "payment") return "Pay";
  return offer.trialEnd ? "Start trial" : "Subscribe";
}

export function checkoutPage(offer: CheckoutOffer): string {
  const product = escapeHtml(offer.product);
  const days = offer.trialEnd ? Math.ceil((offer.trialEnd - offer.now) / 86_400) : 0;
  const label = submitLabel(offer);
  const terms =
    label === "Pay"
      ? `<h1>Pay ${product}</h1><p class="big">${usd(offer.amountCents)}</p>`
      : label === "Start trial"
        ? `<h1>Try ${product}</h1><p class="big">${days} days free</p><p>Then ${usd(offer.amountCents)} per month starting ${day(offer.trialEnd!)}</p>`
        : `<h1>Subscribe to ${product}</h1><p class="big">${usd(offer.amountCents)} per month</p>`;
  const dueToday = label === "Start trial" ? 0 : offer.amountCents;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Stripe Checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:460px;margin:60px auto;padding:0 20px;color:#1a1f36}button{font:inherit;font-weight:600;background:#635bff;color:#fff;border:0;border-radius:6px;padding:12px 20px;width:100%;cursor:pointer}.muted{color:#697386}.big{font-size:28px;font-weight:600;margin:0}dl{display:flex;justify-content:space-between;border-top:1px solid #e3e8ee;padding-top:12px}dd{margin:0;font-weight:600}</style></head>
<body><main><p class="muted">Stripe simulator · test mode</p>${terms}
<dl><dt>Total due today</dt><dd>${usd(dueToday)}</dd></dl>
<form method="post" action="/pay/${escapeHtml(offer.sessionId)}"><button type="submit">${label}</button></form>
<p><a href="${escapeHtml(offer.cancelUrl)}">Cancel and go back</a></p></main></body></html>`;
}
