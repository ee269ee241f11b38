import { env } from "cloudflare:test";
import { findPlan } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { signUp } from "./accounts";
import { SIMULATED } from "./simulators";
import { callSid, twilioPost } from "./twilio";

const STRIPE = `http://127.0.0.1:${SIMULATED.stripePort}`;
const meterEventsOf = async (customer: string) =>
  ((await (await fetch(`${STRIPE}/__meter-events`)).json()) as { identifier: string; payload: { value: string; stripe_customer_id: string } }[]).filter(
    (event) => event.payload.stripe_customer_id === customer,
  );

describe("the minutes beyond the plan, when Twilio says a call ended", () => {
  it("a Starter business past its included minutes has each call's extra minutes reported to the meter, once though Twilio repeats", async () => {
    const owner = await signUp({ company: "Metered at the End" });
    const customer = `cus_end_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "insert or replace into subscriptions (organization_id, stripe_customer_id, plan_slug, status, current_period_start) values (?, ?, 'starter', 'active', ?)",
    )
      .bind(owner.organizationId, customer, Date.now() - 86_400_000)
      .run();
    // Calls Nikki took: their words kept as the stream ended, so the status callback alone settles them.
    const insertCall = (id: string, sid: string, duration: number | null, transcript: string | null = "[]") =>
      env.DB.prepare(
        "insert into calls (id, call_sid, organization_id, from_number, to_number, status, duration_seconds, transcript) values (?, ?, ?, '+14155550142', '+15005550006', ?, ?, ?)",
      )
        .bind(id, sid, owner.organizationId, duration === null ? "in-progress" : "completed", duration, transcript)
        .run();
    await insertCall(crypto.randomUUID(), callSid(), findPlan("starter")!.includedMinutes! * 60);

    const id = crypto.randomUUID();
    const sid = callSid();
    await insertCall(id, sid, null);
    const completed = { CallSid: sid, AccountSid: env.TWILIO_ACCOUNT_SID!, CallStatus: "completed", CallDuration: "120" };
    expect((await twilioPost("/twilio/voice/status", completed)).status).toBe(204);
    await expect
      .poll(() => meterEventsOf(customer), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ identifier: id, payload: { value: "2", stripe_customer_id: customer } })]);
    expect((await twilioPost("/twilio/voice/status", completed)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await meterEventsOf(customer)).toHaveLength(1);

    // A call the AI never took (the caller left while it connected) is not the plan's minutes: nothing is metered.
    const left = callSid();
    await insertCall(crypto.randomUUID(), left, null, null);
    expect((await twilioPost("/twilio/voice/status", { ...completed, CallSid: left })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await meterEventsOf(customer)).toHaveLength(1);
    expect(await env.DB.prepare("select status from calls where call_sid = ?").bind(left).first("status")).toBe("abandoned");
  });
});
