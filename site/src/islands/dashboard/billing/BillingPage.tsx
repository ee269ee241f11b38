import { BILLING_MESSAGES, formatUsd, subscriptionStanding } from "@nikki/core";
import { type ReactNode, useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import ChangePlanDialog from "./ChangePlanDialog";
import CheckoutConfirmation from "./CheckoutConfirmation";
import Invoices from "./Invoices";
import type { Billing } from "./billing-resource";
import SpendCap from "./SpendCap";
import UsageBar from "./UsageBar";
import "../../form.css";
import "../agents/agents.css";
import "./billing.css";

/** Billing (spec 001 §2): the plan, trial, minutes and overage, today's spend, invoices, change plan and the portal. */
export default function BillingPage() {
  const subscription = useResource(() => call(api.billing.subscription.$get), { failure: BILLING_MESSAGES.loadFailed });
  const invoices = useResource(() => call(api.billing.invoices.$get), { failure: BILLING_MESSAGES.loadFailed });
  const owner = useMe()?.role === "owner";
  const action = useAction();
  const time = useBusinessTime();
  // Back from Stripe Checkout: read after hydration (the server's HTML knows no query).
  const [fromCheckout, setFromCheckout] = useState(false);
  useEffect(() => setFromCheckout(new URLSearchParams(window.location.search).get("checkout") === "success"), []);

  async function portal() {
    const done = await action.run({ request: () => call(api.billing.portal.$post, undefined, {}), failure: BILLING_MESSAGES.portalFailed });
    if (done) window.location.assign(done.data.url);
  }

  return (
    <div className="billing">
      {fromCheckout && time.zone && (
        <CheckoutConfirmation
          day={time.date}
          onConfirmed={() => {
            void subscription.reload();
            void invoices.reload();
          }}
        />
      )}
      <Loaded resource={subscription} loading="Loading billing…">
        {(billing) => (
          <BillingView
            billing={billing}
            owner={owner}
            invoices={
              <Loaded resource={invoices} loading="Loading invoices…">
                {({ invoices: rows }) => <Invoices invoices={rows} />}
              </Loaded>
            }
            portal={{ open: () => void portal(), opening: action.busy() }}
            onSaved={() => void subscription.reload()}
            date={time.date}
          />
        )}
      </Loaded>
    </div>
  );
}

/** The plan, its usage and spend, and the invoices, for the billing read. */
function BillingView({
  billing,
  owner,
  invoices,
  portal,
  onSaved,
  date,
}: {
  billing: Billing;
  owner: boolean;
  invoices: ReactNode;
  portal: { open(): void; opening: boolean };
  onSaved(): void;
  date(at: string): string;
}) {
  const [changing, setChanging] = useState(false);
  const included = billing.plan?.included_minutes ?? billing.limits.included_minutes;
  const standing = subscriptionStanding(billing, date);
  return (
    <div className="billing">
      {billing.state === "lapsed" && (
        <p className="billing-alert" role="alert">
          {BILLING_MESSAGES.trialEnded}
        </p>
      )}
      <section className="card panel billing-card" aria-labelledby="plan-title">
        <div className="panel-head">
          <div>
            <h2 id="plan-title">{standing.title}</h2>
            <p className="muted">{standing.terms}</p>
          </div>
          <StatusBadge kind="subscription" status={standing.badge.status} label={standing.badge.label} />
        </div>
        <UsageBar
          label={included === null ? `${billing.minutes_used} minutes this period (unlimited)` : `${billing.minutes_used} of ${included} minutes this period`}
          used={billing.minutes_used}
          limit={included}
          tone={included !== null && billing.minutes_used > included ? "over" : "ok"}
        />
        <p className="muted">Overage so far: {formatUsd(billing.overage_cents)}</p>
        {owner ? (
          <div className="agent-actions">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setChanging(true)}>
              {BILLING_MESSAGES.planAction(billing.subscribed)}
            </button>
            {billing.subscribed && (
              <button type="button" className="btn btn-secondary btn-sm" disabled={portal.opening} onClick={portal.open}>
                {portal.opening ? "Opening..." : "Manage payment (portal)"}
              </button>
            )}
          </div>
        ) : (
          <p className="muted">{BILLING_MESSAGES.ownerOnly}</p>
        )}
      </section>
      <SpendCap billing={billing} onSaved={onSaved} />
      <section className="card panel billing-card" aria-labelledby="invoices-title">
        <h2 id="invoices-title">Invoices</h2>
        {invoices}
      </section>
      <ChangePlanDialog open={changing} current={billing.plan?.slug ?? null} subscribed={billing.subscribed} onClose={() => setChanging(false)} />
    </div>
  );
}
