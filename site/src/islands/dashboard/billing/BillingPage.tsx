import { BILLING_MESSAGES, formatUsd } from "@nikki/core";
import { type ReactNode, useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import { useAction } from "../../../lib/use-action";
import { useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import ChangePlanDialog from "./ChangePlanDialog";
import Invoices from "./Invoices";
import type { Billing } from "./billing-resource";
import SpendCap from "./SpendCap";
import UsageBar from "./UsageBar";
import "../../form.css";
import "../agents/agents.css";
import "./billing.css";

function SubscriptionBadge({ billing }: { billing: Billing }) {
  if (billing.state === "trial")
    return <StatusBadge kind="subscription" status="trial" label={`Trial (${billing.trial_days_left} day${billing.trial_days_left === 1 ? "" : "s"} left)`} />;
  if (billing.subscribed) return <StatusBadge kind="subscription" status={billing.status === "trialing" ? "trialing" : "active"} />;
  return <StatusBadge kind="subscription" status="none" />;
}

/**
 * The plan's price and its next date: in a trial, the day the trial ends and the first charge (a renewal date then
 * would be the trial's); after it, the renewal.
 */
function planTerms(billing: Billing, date: (at: string) => string): string {
  const price = `${formatUsd(billing.plan?.price_cents ?? 0)} a month`;
  const cancels = billing.cancel_at_period_end ? " (cancels then)" : "";
  if (billing.status === "trialing" && billing.trial_end) return `Free trial until ${date(billing.trial_end)}, then ${price}${cancels}.`;
  return `${price}${billing.current_period_end ? `, renews ${date(billing.current_period_end)}` : ""}${cancels}.`;
}

/** Billing (spec 001 §2): the plan, trial, minutes and overage, today's spend, invoices, change plan and the portal. */
export default function BillingPage() {
  const subscription = useResource(() => call(api.billing.subscription.$get), { failure: BILLING_MESSAGES.loadFailed });
  const invoices = useResource(() => call(api.billing.invoices.$get), { failure: BILLING_MESSAGES.loadFailed });
  const owner = useMe()?.role === "owner";
  const action = useAction();
  const time = useBusinessTime();
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("checkout") === "success") {
      toast({ title: "Subscription started", description: "Thank you! Your plan is active as soon as Stripe confirms it." });
    }
  }, []);

  async function portal() {
    const done = await action.run({ request: () => call(api.billing.portal.$post, undefined, {}), failure: BILLING_MESSAGES.portalFailed });
    if (done) window.location.assign(done.data.url);
  }

  return (
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
            <h2 id="plan-title">{billing.plan ? `${billing.plan.name} plan` : billing.state === "trial" ? "Free trial" : "No plan"}</h2>
            <p className="muted">
              {billing.plan
                ? planTerms(billing, date)
                : billing.state === "trial"
                  ? `${billing.limits.name}'s limits until ${billing.trial_ends_at ? date(billing.trial_ends_at) : ""}, no card needed. Choose a plan to keep answering after that.`
                  : "Choose a plan to have your receptionist answer calls."}
            </p>
          </div>
          <SubscriptionBadge billing={billing} />
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
              {billing.subscribed ? "Change plan" : "Choose a plan"}
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
