/**
 * Item 10: usage metering under injected 5xx. A business on the Starter plan has used its included minutes; 12
 * calls end, each reported to the Stripe meter while the simulator fails the first attempt with a 500, half of
 * them after recording the event (the answer lost). The SDK's retry reaches Stripe again and the call id as the
 * event identifier keeps it from counting twice; duplicate status callbacks report nothing more.
 */
import { findPlan } from "@nikki/core";
import { type Context, type ReliabilityItem, completedCallback, outcome, signUpOwner } from "./context";

const CALLS = 12;
const CALL_SECONDS = 120;

interface MeterEvent {
  identifier: string;
  payload: { value: string; stripe_customer_id: string };
}

const meterEvents = async (context: Context) => (await (await fetch(`${context.simulators.vars.STRIPE_API_BASE}/__meter-events`)).json()) as MeterEvent[];

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export const meterIdempotency: ReliabilityItem = {
  number: "10",
  name: "meter_idempotency",
  server: true,
  async run(context) {
    const { organizationId } = await signUpOwner(context.base, "Metered Plumbing");
    const customer = `cus_reliability_${crypto.randomUUID().slice(0, 8)}`;
    const now = Date.now();
    await context.db
      .prepare(
        "insert or replace into subscriptions (organization_id, stripe_customer_id, plan_slug, status, current_period_start) values (?, ?, 'starter', 'active', ?)",
      )
      .bind(organizationId, customer, now - 86_400_000)
      .run();
    const included = findPlan("starter")!.includedMinutes!;
    const sid = () => `CA${crypto.randomUUID().replaceAll("-", "")}`;
    // Calls Nikki took, their words kept as each stream ended: a call the AI never took is not the plan's minutes.
    const insertCall = (id: string, callSid: string, duration: number | null) =>
      context.db
        .prepare(
          "insert into calls (id, call_sid, organization_id, from_number, to_number, status, duration_seconds, transcript) values (?, ?, ?, '+14155550142', '+15005550006', ?, ?, '[]')",
        )
        .bind(id, callSid, organizationId, duration === null ? "in-progress" : "completed", duration)
        .run();
    await insertCall(crypto.randomUUID(), sid(), included * 60);

    const ended: { id: string; sid: string }[] = [];
    let retriedOk = 0;
    for (let i = 0; i < CALLS; i++) {
      const call = { id: crypto.randomUUID(), sid: sid() };
      await insertCall(call.id, call.sid, null);
      await fetch(`${context.simulators.vars.STRIPE_API_BASE}/__faults`, {
        method: "POST",
        body: JSON.stringify({ path: "/v1/billing/meter_events", count: 1, recorded: i % 2 === 0 }),
      });
      await completedCallback(context, call.sid, CALL_SECONDS);
      const reported = async () => (await meterEvents(context)).filter((event) => event.payload.stripe_customer_id === customer).length === i + 1;
      if (await until(reported, 5_000)) retriedOk++;
      ended.push(call);
    }
    // Twilio delivers callbacks more than once: each call's completed callback twice more.
    for (const call of ended) for (let i = 0; i < 2; i++) await completedCallback(context, call.sid, CALL_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const ours = (await meterEvents(context)).filter((event) => event.payload.stripe_customer_id === customer);
    const minutes = ours.reduce((sum, event) => sum + Number(event.payload.value), 0);
    const expectedMinutes = CALLS * Math.ceil(CALL_SECONDS / 60);
    const failures: string[] = [];
    if (retriedOk !== CALLS) failures.push(`${CALLS - retriedOk} calls never reached the meter`);
    if (ours.length !== CALLS) failures.push(`${ours.length} meter events for ${CALLS} calls`);
    if (minutes !== expectedMinutes) failures.push(`${minutes} minutes metered, expected ${expectedMinutes}`);
    return outcome(
      { calls: CALLS, injected_5xx: CALLS, answer_lost: CALLS / 2, meter_events: ours.length, minutes_metered: minutes, expected_minutes: expectedMinutes },
      failures,
    );
  },
};
