/**
 * The Stripe simulator's customer portal page (`billing_portal.session.url`). Like Stripe's own, it leads back to the
 * session's `return_url` with "Return to <account name>" (no link when the session had none), and names whose
 * billing it is and the plans the customer pays for.
 */

export interface PortalView {
  /** The business the portal belongs to (Stripe's account name). */
  accountName: string;
  customer: Record<string, unknown> | undefined;
  /** The products of the customer's subscriptions that are not canceled, with their status. */
  plans: { product: string; status: string }[];
  returnUrl: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function portalPage(view: PortalView): string {
  const account = escapeHtml(view.accountName);
  const back = view.returnUrl ? `<p><a class="back" href="${escapeHtml(view.returnUrl)}">← Return to ${account}</a></p>` : "";
  const who = [view.customer?.name, view.customer?.email].filter((value): value is string => typeof value === "string" && value !== "");
  const plans = view.plans.length
    ? `<ul>${view.plans.map((plan) => `<li>${escapeHtml(plan.product)} <span class="muted">(${escapeHtml(plan.status)})</span></li>`).join("")}</ul>`
    : `<p class="muted">No current plan.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Billing portal · ${account}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:460px;margin:40px auto;padding:0 20px;color:#1a1f36}.muted{color:#697386}.back{color:#635bff;font-weight:600;text-decoration:none}.back:hover,.back:focus{text-decoration:underline}h1{font-size:22px}</style></head>
<body><main>${back}<p class="muted">Stripe simulator · test mode</p><h1>${account} billing</h1>
${who.length ? `<p>${who.map(escapeHtml).join(" · ")}</p>` : ""}<h2>Current plan</h2>${plans}</main></body></html>`;
}
