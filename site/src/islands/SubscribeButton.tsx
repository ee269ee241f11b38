import { CHECKOUT_MESSAGES, type PlanSlug } from "@nikki/core";
import { useEffect, useState } from "react";
import { onCheckoutPending, subscribe } from "../lib/checkout";
import { useHydrated } from "../lib/use-hydrated";

interface Props {
  plan: PlanSlug;
  label: string;
  primary?: boolean;
  /** The plan's name, for an accessible name that says which plan the button buys. */
  planName: string;
}

/** A plan's subscribe button; all of them read "Loading..." and wait while one checkout is being created. */
export default function SubscribeButton({ plan, label, primary = false, planName }: Props) {
  const [pending, setPending] = useState<PlanSlug | null>(null);
  const hydrated = useHydrated();
  useEffect(() => onCheckoutPending(setPending), []);
  return (
    <button
      type="button"
      className={`btn ${primary ? "btn-primary" : "btn-secondary"} btn-block`}
      disabled={!hydrated || pending !== null}
      aria-label={pending ? undefined : `${label}: ${planName}`}
      onClick={() => void subscribe(plan)}
    >
      {pending ? CHECKOUT_MESSAGES.loading : label}
    </button>
  );
}
