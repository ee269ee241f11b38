import { BILLING_MESSAGES, type BillingSubscriptionResource, type InvoiceResource, formatUsd } from "@nikki/core";
import { useEffect, useState } from "react";
import { getJson, postJson } from "../../../lib/api";
import { loadMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import LoadPending from "../LoadPending";
import ChangePlanDialog from "./ChangePlanDialog";
import Invoices from "./Invoices";
import SpendCap from "./SpendCap";
import UsageBar from "./UsageBar";
import "../../dialog.css";
import "../../form.css";
import "../agents/agents.css";
import "./billing.css";

function statusBadge(billing: BillingSubscriptionResource) {
  if (billing.state === "trial")
    return { label: `Trial (${billing.trial_days_left} day${billing.trial_days_left === 1 ? "" : "s"} left)`, tone: "badge-attention" };
  if (billing.subscribed) return { label: billing.status === "trialing" ? "Active (trial)" : "Active", tone: "badge-positive" };
  return { label: "No Subscription", tone: "badge-neutral" };
}

/** Billing (spec 001 §2): the plan, trial, minutes and overage, today's spend, invoices, change plan and the portal. */
export default function BillingPage() {
  const [billing, setBilling] = useState<BillingSubscriptionResource | null>(null);
  const [invoices, setInvoices] = useState<InvoiceResource[]>([]);
  const [failed, setFailed] = useState(false);
  const [owner, setOwner] = useState(false);
  const [changing, setChanging] = useState(false);
  const [opening, setOpening] = useState(false);

  async function load() {
    const [subscription, list, me] = await Promise.all([
      getJson<BillingSubscriptionResource>("/api/billing/subscription"),
      getJson<{ invoices: InvoiceResource[] }>("/api/billing/invoices"),
      loadMe(),
    ]);
    setOwner(me?.role === "owner");
    if (!subscription.ok) {
      setFailed(true);
      return void toast({ variant: "destructive", title: BILLING_MESSAGES.loadFailed, description: subscription.error?.message });
    }
    setFailed(false);
    setBilling(subscription.data);
    if (list.ok) setInvoices(list.data.invoices);
  }
  useEffect(() => {
    void load();
    if (new URLSearchParams(window.location.search).get("checkout") === "success") {
      toast({ title: "Subscription started", description: "Thank you! Your plan is active as soon as Stripe confirms it." });
    }
  }, []);

  async function portal() {
    setOpening(true);
    const result = await postJson<{ url: string }>("/api/billing/portal", {});
    if (!result.ok) {
      setOpening(false);
      return void toast({ variant: "destructive", title: BILLING_MESSAGES.portalFailed, description: result.error?.message });
    }
    window.location.assign(result.data.url);
  }

  if (!billing) {
    return <LoadPending failed={failed} failure={BILLING_MESSAGES.loadFailed} loading="Loading billing…" onRetry={() => void load()} />;
  }

  const badge = statusBadge(billing);
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
                ? `${formatUsd(billing.plan.price_cents)} a month${billing.current_period_end ? `, renews ${new Date(billing.current_period_end).toLocaleDateString()}` : ""}${billing.cancel_at_period_end ? " (cancels then)" : ""}.`
                : billing.state === "trial"
                  ? `${billing.limits.name}'s limits until ${new Date(billing.trial_ends_at!).toLocaleDateString()}, no card needed. Choose a plan to keep answering after that.`
                  : "Choose a plan to have your receptionist answer calls."}
            </p>
          </div>
          <span className={`badge ${badge.tone}`}>{badge.label}</span>
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
              <button type="button" className="btn btn-secondary btn-sm" disabled={opening} onClick={() => void portal()}>
                {opening ? "Opening..." : "Manage payment (portal)"}
              </button>
            )}
          </div>
        ) : (
          <p className="muted">{BILLING_MESSAGES.ownerOnly}</p>
        )}
      </section>
      <SpendCap billing={billing} onSaved={() => void load()} />
      <section className="card panel billing-card" aria-labelledby="invoices-title">
        <h2 id="invoices-title">Invoices</h2>
        <Invoices invoices={invoices} />
      </section>
      <ChangePlanDialog open={changing} current={billing.plan?.slug ?? null} subscribed={billing.subscribed} onClose={() => setChanging(false)} />
    </div>
  );
}
