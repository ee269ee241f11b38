import { BILLING_MESSAGES, PLANS, type PlanSlug, formatUsd } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";
import Modal from "../../ui/Modal";

/**
 * Change plan (spec 001 §2 Billing), titled "Choose a plan" while there is none: pick a plan; confirm is disabled on the current one. Without a subscription it
 * opens Stripe Checkout (the trial's remaining days carried over); with one, the customer portal, where Stripe
 * switches the plan and prorates it.
 */
export default function ChangePlanDialog({
  open,
  current,
  subscribed,
  onClose,
}: {
  open: boolean;
  current: PlanSlug | null;
  subscribed: boolean;
  onClose(): void;
}) {
  const [chosen, setChosen] = useState<PlanSlug | "">("");
  const { pending, errors, setErrors, submit } = useSubmit<"plan">();
  useEffect(() => {
    setChosen(current ?? "");
    setErrors({});
  }, [open, current]);
  const error = errors.plan;

  async function confirm(event: SubmitEvent) {
    event.preventDefault();
    const origin = window.location.origin;
    const done = await submit({
      invalid: chosen ? {} : { plan: BILLING_MESSAGES.selectPlan },
      request: () =>
        subscribed
          ? call(api.billing.portal.$post, undefined, {})
          : call(api.billing.checkout.$post, undefined, {
              plan_slug: chosen,
              success_url: `${origin}/dashboard/billing?checkout=success`,
              cancel_url: `${origin}/dashboard/billing`,
            }),
      failure: { toast: subscribed ? BILLING_MESSAGES.portalFailed : BILLING_MESSAGES.checkoutFailed },
      staysBusy: true,
    });
    if (done) window.location.assign(done.data.url);
  }

  return (
    <Modal open={open} onClose={onClose} title={BILLING_MESSAGES.planAction(subscribed)} titleId="change-plan-title" onSubmit={confirm}>
      <fieldset className="plain-fieldset plan-options" aria-describedby={error ? "change-plan-error" : undefined}>
        <legend className="step-legend">Plans</legend>
        {PLANS.map((plan) => (
          <label key={plan.slug} className={`plan-option${chosen === plan.slug ? " plan-option-chosen" : ""}`}>
            <input type="radio" name="plan" value={plan.slug} checked={chosen === plan.slug} onChange={() => setChosen(plan.slug)} disabled={pending} />
            <span className="plan-option-name">
              {plan.name}
              {plan.slug === current && <span className="badge badge-positive">Current</span>}
            </span>
            <span className="plan-option-price">{formatUsd(plan.priceCents)}/month</span>
            <span className="muted plan-option-detail">
              {plan.includedMinutes === null ? "Unlimited minutes" : `${plan.includedMinutes.toLocaleString()} minutes`} ·{" "}
              {plan.agents === null ? "unlimited agents" : `${plan.agents} agents`}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" id="change-plan-error" role="alert">
          {error}
        </p>
      )}
      {subscribed && <p className="muted">You'll finish the change in Stripe's billing portal, which prorates it.</p>}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending || (chosen !== "" && chosen === current)}>
        {pending ? "Opening..." : subscribed ? "Continue to billing portal" : "Continue to checkout"}
      </button>
    </Modal>
  );
}
