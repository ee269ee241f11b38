import { BILLING_MESSAGES, type BillingSubscriptionResource, type GettingStartedResource, SPEND_MESSAGES } from "@nikki/core";
import { useEffect, useState } from "react";
import { getJson } from "../../../lib/api";
import { loadMe } from "../../../lib/me";
import GettingStarted from "./GettingStarted";
import "./overview.css";

/** Overview: what needs attention (trial over, spending limit) and, until setup is done, the Getting started checklist. */
export default function OverviewPage() {
  const [progress, setProgress] = useState<GettingStartedResource | null>(null);
  const [billing, setBilling] = useState<BillingSubscriptionResource | null>(null);
  const [viewer, setViewer] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    void (async () => {
      const me = await loadMe();
      if (me?.role === "viewer") {
        setViewer(true);
        return setLoaded(true);
      }
      const [steps, subscription] = await Promise.all([
        getJson<GettingStartedResource>("/api/org/getting-started"),
        getJson<BillingSubscriptionResource>("/api/billing/subscription"),
      ]);
      if (steps.ok) setProgress(steps.data);
      if (subscription.ok) setBilling(subscription.data);
      setLoaded(true);
    })();
  }, []);

  if (!loaded) {
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  return (
    <div className="overview">
      {billing?.state === "lapsed" && (
        <p className="notice notice-danger" role="alert">
          {BILLING_MESSAGES.trialEnded} <a href="/dashboard/billing">Choose a plan</a>
        </p>
      )}
      {billing && billing.spend.state !== "ok" && (
        <p className={`notice ${billing.spend.state === "capped" ? "notice-danger" : "notice-warning"}`} role="alert">
          <strong>{billing.spend.state === "capped" ? SPEND_MESSAGES.cappedTitle : SPEND_MESSAGES.warningTitle}:</strong> ${billing.spend.spent_usd.toFixed(2)}{" "}
          of ${billing.spend.cap_usd}. <a href="/dashboard/billing">Review the limit</a>
        </p>
      )}
      {billing?.state === "trial" && (
        <p className="notice">
          Free trial: {billing.trial_days_left} day{billing.trial_days_left === 1 ? "" : "s"} left. <a href="/dashboard/billing">See plans</a>
        </p>
      )}
      {progress && !progress.complete && <GettingStarted progress={progress} />}
      {(viewer || progress?.complete) && (
        <section className="card panel">
          <h2>Your receptionist is set up</h2>
          <p className="muted">
            Every call it answers appears in <a href="/dashboard/calls">Calls</a>, with its transcript and summary.
          </p>
        </section>
      )}
    </div>
  );
}
