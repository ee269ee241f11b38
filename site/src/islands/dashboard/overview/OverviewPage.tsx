import { BILLING_MESSAGES, SPEND_MESSAGES, plural } from "@nikki/core";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useLiveEvents } from "../../../lib/use-live-events";
import { useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import GettingStarted from "./GettingStarted";
import OverviewFigures from "./OverviewFigures";
import "./overview.css";

/** Overview: what needs attention (trial over, spending limit), until setup is done the Getting started checklist, and the period's figures. */
export default function OverviewPage() {
  const me = useMe();
  // Viewers see calls and analytics only: no setup, no billing.
  const manager = me !== undefined && me?.role !== "viewer";
  const figures = useResource(() => call(api.overview.$get), { failure: "Failed to load the figures" });
  const steps = useResource(() => call(api.org["getting-started"].$get), { failure: "Failed to load the checklist", skip: !manager, deps: [manager] });
  const billing = useResource(() => call(api.billing.subscription.$get), { failure: BILLING_MESSAGES.loadFailed, skip: !manager, deps: [manager] });
  // Live: a call or a booking that changes updates the figures (they count both).
  useLiveEvents(() => void figures.reload());

  const plan = billing.data;
  return (
    <div className="overview">
      {plan?.state === "lapsed" && (
        <p className="notice notice-danger" role="alert">
          {BILLING_MESSAGES.trialEnded} <a href="/dashboard/billing">Choose a plan</a>
        </p>
      )}
      {plan && plan.spend.state !== "ok" && (
        <p className={`notice ${plan.spend.state === "capped" ? "notice-danger" : "notice-warning"}`} role="alert">
          <strong>{plan.spend.state === "capped" ? SPEND_MESSAGES.cappedTitle : SPEND_MESSAGES.warningTitle}:</strong> ${plan.spend.spent_usd.toFixed(2)} of $
          {plan.spend.cap_usd}. <a href="/dashboard/billing">Review the limit</a>
        </p>
      )}
      {plan?.state === "trial" && (
        <p className="notice">
          Free trial: {plural(plan.trial_days_left, "day")} left. <a href="/dashboard/billing">See plans</a>
        </p>
      )}
      {steps.data && !steps.data.complete && <GettingStarted progress={steps.data} />}
      <Loaded resource={figures} loading="Loading the figures…">
        {({ overview }) => <OverviewFigures overview={overview} manager={manager} />}
      </Loaded>
    </div>
  );
}
