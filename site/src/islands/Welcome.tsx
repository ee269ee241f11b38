import { AGENT_DEFAULTS, businessDate, checkoutConfirmation } from "@nikki/core";
import { useEffect, useState } from "react";
import { type ApiResult, type DataOf, api, call } from "../lib/client";
import { usePoll } from "../lib/use-poll";

/** The subscription as the API reads it, and the business's time zone its dates are shown in. */
type Subscription = DataOf<typeof api.billing.subscription.$get> & { time_zone: string };
type Standing = Subscription | "signed-out";

/** Stripe's webhook may come a moment after Checkout sends the visitor here: the subscription is read again meanwhile. */
const CONFIRM_MS = 2_000;

const NEXT_STEPS = [
  ["Set up your agent", "Give your agent your business hours, services and the questions callers ask most."],
  ["Connect your number", "Forward your business line to your Nikki AI number, or get a new one."],
  ["Place a test call", "Call your number and hear your agent answer, book and follow up by text."],
] as const;

function statusLine(subscription: Subscription | null | "error" | "signed-out"): string {
  if (subscription === null) return "Confirming your subscription…";
  if (subscription === "signed-out") return "Sign in to see your subscription and finish setting up.";
  if (subscription === "error") return "We couldn't check your subscription just now: Billing in your dashboard shows it.";
  // Said only as the server has it: a visitor who never paid is not told that a payment went through.
  if (!subscription.subscribed)
    return "No payment is on record for your organization yet. If you have just paid, it shows here within a minute; otherwise choose a plan in Billing.";
  return checkoutConfirmation(subscription, (at) => businessDate(at, subscription.time_zone)) ?? "";
}

/** The subscription as the API reads it now, or "signed-out" (the session read answers null, not the subscription's 401). */
async function readStanding(): Promise<ApiResult<Standing>> {
  const session = await call(api.auth["get-session"].$get);
  if (session.ok && session.data === null) return { ok: true, status: session.status, data: "signed-out" };
  const [result, me] = await Promise.all([call(api.billing.subscription.$get), call(api.account.me.$get)]);
  if (!result.ok && result.status === 401) return { ok: true, status: 401, data: "signed-out" };
  if (!result.ok) return result;
  if (!me.ok) return me;
  return { ...result, data: { ...result.data, time_zone: me.data.organization?.time_zone ?? AGENT_DEFAULTS.timezone } };
}

/** /welcome after Checkout: the subscription as the API reads it (again until it is on record), what to do next,
 * then the dashboard in 5 s (a signed-out visitor is asked to sign in instead). */
export default function Welcome({ redirectMs }: { redirectMs: number }) {
  const [subscription, setSubscription] = useState<Standing | null | "error">(null);
  const [seconds, setSeconds] = useState(Math.round(redirectMs / 1000));

  usePoll<Standing>("subscription", {
    read: readStanding,
    immediate: true,
    intervalMs: CONFIRM_MS,
    onAnswer: (standing) => setSubscription(standing),
    until: (standing) => standing === "signed-out" || standing.subscribed,
    // A failed read says so only while nothing is known yet; a later answer replaces it.
    onFailure: () => setSubscription((shown) => shown ?? "error"),
  });

  // A signed-out visitor stays to sign in: the dashboard would only send them to /login without coming back here.
  const signedOut = subscription === "signed-out";
  useEffect(() => {
    if (signedOut) return;
    const started = Date.now();
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((redirectMs - (Date.now() - started)) / 1000));
      setSeconds(left);
      if (left === 0) {
        clearInterval(tick);
        window.location.assign("/dashboard");
      }
    }, 250);
    return () => clearInterval(tick);
  }, [redirectMs, signedOut]);

  return (
    <div className="welcome-body">
      <div className="icon" aria-hidden="true">
        ✓
      </div>
      <h1>Welcome aboard!</h1>
      <p className="lede" role="status">
        {statusLine(subscription)}
      </p>
      <h2>What's Next</h2>
      <ol className="steps">
        {NEXT_STEPS.map(([title, body]) => (
          <li key={title}>
            <strong>{title}</strong>
            <span className="muted">{body}</span>
          </li>
        ))}
      </ol>
      {signedOut ? (
        <a href={`/login?redirect=${encodeURIComponent("/welcome")}`} className="btn btn-primary">
          Sign In
        </a>
      ) : (
        <>
          <a href="/dashboard" className="btn btn-primary">
            Go to Dashboard
          </a>
          <p className="muted redirect">Taking you to your dashboard in {seconds} s…</p>
        </>
      )}
    </div>
  );
}
