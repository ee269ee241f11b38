import { type DayOf, checkoutConfirmation } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { usePoll } from "../../../lib/use-poll";
import type { Billing } from "./billing-resource";

/** Stripe's webhook may come a moment after Checkout sends the owner back: the subscription is read again meanwhile. */
const CONFIRM_MS = 2_000;
const GIVE_UP_MS = 60_000;
/** Unconfirmed after this many reads (10 s), the owner is told it may take longer and not to pay again. */
const PATIENT_READS = 5;

/**
 * Billing after Checkout (`?checkout=success`): what was bought and when the first charge is, as soon as Stripe's
 * webhook has put the subscription on record (read again until then); `onConfirmed` lets the page show it too.
 */
export default function CheckoutConfirmation({ day, onConfirmed }: { day: DayOf; onConfirmed(): void }) {
  const [reading, setReading] = useState<Billing | null>(null);
  const [unconfirmedReads, setUnconfirmedReads] = useState(0);
  usePoll<Billing>("checkout", {
    read: () => call(api.billing.subscription.$get),
    immediate: true,
    intervalMs: CONFIRM_MS,
    giveUpAfterMs: GIVE_UP_MS,
    onAnswer: (answer) => {
      setReading(answer);
      if (answer.subscribed) onConfirmed();
      else setUnconfirmedReads((reads) => reads + 1);
    },
    until: (answer) => answer.subscribed,
    onFailure: () => setUnconfirmedReads((reads) => reads + 1),
  });
  const confirmed = reading ? checkoutConfirmation(reading, day) : null;
  return (
    <section className="card panel billing-card billing-confirmation" aria-labelledby="checkout-title">
      <h2 id="checkout-title">{confirmed ? "Thank you: your plan is confirmed" : "Confirming your plan…"}</h2>
      <p role="status">
        {confirmed ??
          (unconfirmedReads >= PATIENT_READS
            ? "Stripe hasn't confirmed it yet. Your plan shows below as soon as it does: there is no need to pay again."
            : "Checking with Stripe: this takes a moment.")}
      </p>
    </section>
  );
}
