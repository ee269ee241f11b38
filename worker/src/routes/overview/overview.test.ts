import type { OverviewResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../test/accounts";
import { insertAppointment, localStart } from "../../../test/booking";

async function insertCall(organizationId: string, values: Record<string, string | number | null>) {
  const id = crypto.randomUUID();
  const row = { id, call_sid: `CA${id.replace(/-/g, "")}`, organization_id: organizationId, from_number: "+14155550100", to_number: "+17375550100", ...values };
  const columns = Object.keys(row);
  await env.DB.prepare(`insert into calls (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`)
    .bind(...Object.values(row))
    .run();
  return id;
}

describe("GET /api/overview", () => {
  it("sums the billing period without test calls: minutes, answered calls, leads, bookings still booked, after hours, latency, 7 days", async () => {
    const owner = await signUp({ company: "Overview Plumbing" });
    const org = owner.organizationId;
    const metrics = (greeting: number, gaps: number[]) => JSON.stringify({ greeting_ms: greeting, turn_gaps_ms: gaps, barge_ins: 0, tools: [] });
    const first = await insertCall(org, { status: "completed", duration_seconds: 125, metrics: metrics(800, [500, 900]) });
    await insertCall(org, { status: "completed", duration_seconds: 30, metrics: metrics(1200, [700]) });
    await insertCall(org, { status: "completed", kind: "voicemail", after_hours: 1, duration_seconds: 50 });
    await insertCall(org, { status: "completed", kind: "test", duration_seconds: 600, metrics: metrics(5000, [9000]) });
    // A member's test call from Numbers: its minutes are used, but it is no customer's answered call.
    const test = await insertCall(org, {
      status: "completed",
      direction: "outbound",
      placed_for: "test_call",
      duration_seconds: 45,
      after_hours: 1,
      transcript: '[{"role":"user","content":"Testing"}]',
    });
    await env.DB.prepare("insert into leads (id, organization_id, call_id, source, name, phone) values (?, ?, ?, 'call', 'Ada', '+14155550100')")
      .bind(crypto.randomUUID(), org, first)
      .run();
    await insertAppointment(org, { callId: first });
    // Booked and then cancelled by the caller: no longer booked, as Appointments shows it.
    await insertAppointment(org, { callId: first, start: localStart(4, "11:00"), status: "canceled" });

    const { overview } = (await (await call("/api/overview", { cookie: owner.cookie })).json()) as { overview: OverviewResource };
    expect(overview).toMatchObject({
      minutes_used: 6,
      minutes_included: 400,
      answered_calls: 2,
      leads_captured: 1,
      appointments_booked: 1,
      after_hours_calls: 1,
      avg_greeting_ms: 1000,
      turn_gap_p50_ms: 700,
      turn_gap_p95_ms: 900,
    });
    expect(overview.daily_minutes).toHaveLength(7);
    expect(overview.daily_minutes.at(-1)?.minutes).toBe(6);
    expect(overview.recent_calls).toHaveLength(4);
    expect(overview.recent_calls.find((row) => row.id === test)).toMatchObject({ placed_for: "test_call", outcome: "test_call" });
    expect(overview.recent_calls.every((row) => row.kind !== "test")).toBe(true);
  });
});
