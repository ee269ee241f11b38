import { PUBLIC_URL_POLICY, SETTINGS_MESSAGES, findPlan, parseFields, settingsPatchSchema } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";
import { TextField } from "../../FormField";
import type { Billing } from "./billing-resource";
import UsageBar from "./UsageBar";

/** Today's spend against the daily cap, and the cap itself (owner and admins; empty: the plan's default). */
export default function SpendCap({ billing, onSaved }: { billing: Billing; onSaved(): void }) {
  const [cap, setCap] = useState("");
  const { pending, errors, submit } = useSubmit<"daily_spend_cap_usd">();
  const { spend } = billing;

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const value = cap.trim() === "" ? null : Number(cap);
    // The cap is no URL: the URL guard's policy, the server's to apply, plays no part here.
    const parsed = parseFields(settingsPatchSchema(PUBLIC_URL_POLICY), { daily_spend_cap_usd: value });
    const done = await submit({
      invalid: parsed.ok ? {} : { daily_spend_cap_usd: parsed.fields.daily_spend_cap_usd ?? SETTINGS_MESSAGES.spendCap },
      request: () => call(api.org.settings.$patch, undefined, { daily_spend_cap_usd: value }),
      failure: { toast: "Failed to save settings." },
      success: { title: "Saved", description: value === null ? "The daily limit follows your plan." : `New calls and chats pause past $${value} a day.` },
    });
    if (done) {
      setCap("");
      onSaved();
    }
  }

  return (
    <section className="card panel billing-card" aria-labelledby="spend-title">
      <h2 id="spend-title">Today's spending</h2>
      <UsageBar
        label={`$${spend.spent_usd.toFixed(2)} of $${spend.cap_usd} today`}
        used={spend.spent_usd}
        limit={spend.cap_usd}
        tone={spend.state === "ok" ? "ok" : spend.state === "warning" ? "warning" : "over"}
      />
      <p className="muted">
        {spend.state === "capped"
          ? "The limit is reached: new calls take messages, and call-me-now and chat are paused until tomorrow (UTC)."
          : "Calls, chat replies and texts count toward it. At the limit, new calls take messages; nobody is cut off mid-call."}
      </p>
      <form className="spend-form" noValidate onSubmit={save}>
        <TextField
          id="spend-cap"
          label="Daily limit (USD)"
          inputMode="numeric"
          value={cap}
          onValue={setCap}
          placeholder={String(spend.cap_usd)}
          hint={`Leave empty for your plan's default ($${findPlan(billing.limits.slug)?.dailySpendCapUsd ?? spend.cap_usd} a day).`}
          error={errors.daily_spend_cap_usd}
          disabled={pending}
        />
        <button type="submit" className="btn btn-secondary btn-sm" disabled={pending}>
          {pending ? "Saving..." : "Save limit"}
        </button>
      </form>
    </section>
  );
}
