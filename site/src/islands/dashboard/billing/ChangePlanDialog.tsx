import { BILLING_MESSAGES, PLANS, type PlanSlug, formatUsd } from "@nikki/core";
import { type FormEvent, useEffect, useState } from "react";
import { postJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { ModalHeader, useModal } from "../Modal";

/**
 * Change plan (spec 001 §2 Billing): pick a plan; confirm is disabled on the current one. Without a subscription it
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
  const dialog = useModal(open);
  const [chosen, setChosen] = useState<PlanSlug | "">("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    setChosen(current ?? "");
    setError(null);
  }, [open, current]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setError(BILLING_MESSAGES.selectPlan);
    setPending(true);
    const origin = window.location.origin;
    const result = subscribed
      ? await postJson<{ url: string }>("/api/billing/portal", {})
      : await postJson<{ url: string }>("/api/billing/checkout", {
          plan_slug: chosen,
          success_url: `${origin}/dashboard/billing?checkout=success`,
          cancel_url: `${origin}/dashboard/billing`,
        });
    if (!result.ok || !result.data.url) {
      setPending(false);
      const title = subscribed ? BILLING_MESSAGES.portalFailed : BILLING_MESSAGES.checkoutFailed;
      return void toast({ variant: "destructive", title, description: result.ok ? undefined : result.error?.message });
    }
    window.location.assign(result.data.url);
  }

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="change-plan-title" onClose={onClose}>
      <form className="dialog-body form" noValidate onSubmit={confirm}>
        <ModalHeader id="change-plan-title" title="Change plan" onClose={onClose} />
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
      </form>
    </dialog>
  );
}
