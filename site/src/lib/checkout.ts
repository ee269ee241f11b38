import { CHECKOUT_MESSAGES, type PlanSlug } from "@nikki/core";
import { api, call } from "./client";
import { toast } from "./toast";

type Listener = (pending: PlanSlug | null) => void;

/** Which plan's checkout is being created; every plan button on the page disables meanwhile. */
let pending: PlanSlug | null = null;
const listeners = new Set<Listener>();

export function onCheckoutPending(listener: Listener): () => void {
  listeners.add(listener);
  listener(pending);
  return () => listeners.delete(listener);
}

function setPending(value: PlanSlug | null) {
  pending = value;
  for (const listener of listeners) listener(value);
}

/**
 * Spec 000 §4, §6, §8: signed out → "Authentication Required" and off to sign in (back to /pricing after);
 * signed in → a Stripe Checkout session opened in a new tab, or the spec's error toasts.
 */
export async function subscribe(plan: PlanSlug): Promise<void> {
  if (pending) return;
  setPending(plan);
  try {
    // better-auth's session read answers null (not 401) when signed out: no error in the console.
    const session = await call(api.auth["get-session"].$get);
    if (session.ok && session.data === null) {
      toast({ title: CHECKOUT_MESSAGES.authTitle, description: CHECKOUT_MESSAGES.auth, variant: "destructive" });
      // Long enough to read the toast, then to sign in and back.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      window.location.assign("/login?redirect=/pricing");
      return;
    }
    const result = await call(api.billing.checkout.$post, undefined, {
      plan_slug: plan,
      success_url: `${window.location.origin}/welcome`,
      cancel_url: `${window.location.origin}/pricing`,
    });
    if (!result.ok) {
      toast({ title: CHECKOUT_MESSAGES.errorTitle, description: result.error?.message ?? CHECKOUT_MESSAGES.failed, variant: "destructive" });
      return;
    }
    if (!result.data.url) {
      toast({ title: CHECKOUT_MESSAGES.noUrlTitle, description: CHECKOUT_MESSAGES.noUrl, variant: "destructive" });
      return;
    }
    // A new tab, as the spec says; where the browser blocks it, this tab goes instead. Not the "noopener" feature:
    // with it window.open answers null even when the tab opened, and this tab went to Checkout as well.
    const opened = window.open(result.data.url, "_blank");
    if (opened) opened.opener = null;
    else window.location.assign(result.data.url);
  } catch {
    toast({ title: CHECKOUT_MESSAGES.errorTitle, description: CHECKOUT_MESSAGES.unexpected, variant: "destructive" });
  } finally {
    setPending(null);
  }
}
