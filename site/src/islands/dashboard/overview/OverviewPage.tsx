import { BILLING_MESSAGES, type BillingSubscriptionResource, type GettingStartedResource, type OverviewResource, SPEND_MESSAGES } from "@nikki/core";
import { useEffect, useState } from "react";
import { getJson } from "../../../lib/api";
import { loadMe } from "../../../lib/me";
import { useLiveCalls } from "../../../lib/use-live-calls";
import GettingStarted from "./GettingStarted";
import OverviewFigures from "./OverviewFigures";
import "./overview.css";

/** Overview: what needs attention (trial over, spending limit) and, until setup is done, the Getting started checklist. */
export default function OverviewPage() {
  const [progress, setProgress] = useState<GettingStartedResource | null>(null);
  const [billing, setBilling] = useState<BillingSubscriptionResource | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [overview, setOverview] = useState<OverviewResource | null>(null);
  const [failed, setFailed] = useState(false);

  async function loadFigures() {
    const result = await getJson<{ overview: OverviewResource }>("/api/overview");
    if (result.ok) setOverview(result.data.overview);
    setFailed(!result.ok);
  }
  // Live: a call that changes updates the figures.
  useLiveCalls(() => void loadFigures());

  useEffect(() => {
    void (async () => {
      void loadFigures();
      const me = await loadMe();
      // Viewers see calls and analytics only: no setup, no billing.
      if (me?.role === "viewer") return setLoaded(true);
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
      {overview ? (
        <OverviewFigures overview={overview} />
      ) : (
        failed && (
          <p className="notice notice-danger" role="alert">
            Failed to load the figures.{" "}
            <button type="button" className="link-button" onClick={() => void loadFigures()}>
              Try again
            </button>
          </p>
        )
      )}
    </div>
  );
}
