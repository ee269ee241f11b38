import type { TestRunResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { SIMULATED } from "./simulators";

let owner: SignedUp;
const NUMBER = "+14155550161";

async function finished(who: SignedUp, id: string): Promise<TestRunResource> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { test_run } = (await (await call(`/api/test-suite/runs/${id}`, { cookie: who.cookie })).json()) as { test_run: TestRunResource };
    if (test_run.status !== "running" || Date.now() > deadline) return test_run;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function run(who: SignedUp, scenario: string): Promise<TestRunResource> {
  const started = await call("/api/test-suite/runs", { cookie: who.cookie, body: { scenario } });
  expect(started.status).toBe(202);
  const { test_run } = (await started.json()) as { test_run: TestRunResource };
  expect(test_run.status).toBe("running");
  return finished(who, test_run.id);
}

beforeAll(async () => {
  owner = await signUp({ company: "Suite Plumbing" });
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Rosa" } });
  const { agent } = (await created.json()) as { agent: { id: string } };
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agent.id)
    .run();
});

describe("the Test Suite", { timeout: 90_000 }, () => {
  it("runs the lead scenario through the real webhook, bridge and post-call pipeline, and records what it would have sent", async () => {
    const result = await run(owner, "lead");
    // The organization redacts PII by default, so the details are stored (and shown) as markers, and the verdict says so.
    expect(result.verdict).toBe("Lead captured: [NAME], [PHONE] (stored redacted).");
    expect(result.status).toBe("passed");
    expect(result.steps.map((step) => [step.key, step.status])).toEqual([
      ["account", "success"],
      ["number", "success"],
      ["voice", "success"],
      ["ring", "success"],
      ["connect", "success"],
      ["line-1", "success"],
      ["line-2", "success"],
      ["hangup", "success"],
      ["analysis", "success"],
      ["crm", "warning"],
      ["effects", "success"],
      ["verdict", "success"],
    ]);
    expect(result.steps.find((step) => step.key === "number")?.detail).toBe(`${NUMBER}, answered by Rosa`);
    expect(result.steps.find((step) => step.key === "crm")?.detail).toBe("No CRM configured (expected)");
    // The caller's lines reached the model as said, through the μ-law audio of the stream.
    const stored = await env.DB.prepare("select kind, transcript, cost_micro_usd from calls where id = ?")
      .bind(result.call_id)
      .first<{ kind: string; transcript: string; cost_micro_usd: number | null }>();
    expect(stored?.kind).toBe("test");
    expect(stored?.transcript).toContain("I'd like a quote to replace my water heater.");
    expect(stored?.cost_micro_usd ?? 0).toBe(0);
    // The lead tool's push and the alert are recorded, not done: no lead row, nothing texted or e-mailed.
    const detail = (await (await call(`/api/test-suite/runs/${result.id}`, { cookie: owner.cookie })).json()) as { test_run: TestRunResource };
    expect(detail.test_run.side_effects.map((effect) => effect.kind)).toEqual(expect.arrayContaining(["crm", "alert"]));
    expect(await env.DB.prepare("select count(*) as n from leads where call_id = ?").bind(result.call_id).first("n")).toBe(0);
    const texts = (
      (await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]
    ).filter((request) => request.path.endsWith("/Messages.json") && request.form.From === NUMBER);
    expect(texts).toHaveLength(0);
    // Test calls stay out of the call list's default outcomes and of Overview.
    const overview = (await (await call("/api/overview", { cookie: owner.cookie })).json()) as { overview: { answered_calls: number } };
    expect(overview.overview.answered_calls).toBe(0);
  });

  it("treats the after-hours caller as after hours and books the appointment caller", async () => {
    const night = await run(owner, "after_hours");
    expect([night.status, night.verdict]).toEqual(["passed", "Message taken: [NAME], [PHONE] (stored redacted)."]);
    // "The next day you're open": free times within Rosa's hours (9 to 5 on weekdays) offered, one validated, none held.
    const booking = await run(owner, "appointment");
    expect(booking.status).toBe("passed");
    expect(booking.verdict).toMatch(
      /^Appointment validated for \w+day, \w+ \d+ at (9|10|11|12|1|2|3|4):\d\d [AP]M: offered within your hours, and free \(a Test Suite call holds no slot\)\.$/,
    );
    const effects = (await finished(owner, booking.id)).side_effects;
    expect(effects.find((effect) => effect.kind === "availability")?.detail).toMatch(/^Offered 5 free times within your hours: /);
    const label = booking.verdict!.slice("Appointment validated for ".length, booking.verdict!.indexOf(": offered"));
    expect(effects.find((effect) => effect.kind === "booking")?.detail).toBe(
      `Would book James Chen (+14155550173) for ${label}: that time is free and within your hours (a Test Suite call holds no slot).`,
    );
    expect(await env.DB.prepare("select count(*) as n from appointments where organization_id = ?").bind(owner.organizationId).first("n")).toBe(0);
    // In Calls, as tests, with the outcome of what they did (the booking was recorded, not stored, yet it is the outcome).
    const { calls } = (await (await call("/api/calls?kind=test", { cookie: owner.cookie })).json()) as { calls: { id: string; outcome: string }[] };
    expect(calls.find((row) => row.id === booking.call_id)?.outcome).toBe("appointment");
    expect(calls.find((row) => row.id === night.call_id)?.outcome).toBe("lead");
  });

  it("answers the Spanish caller in Spanish, free times offered in Spanish too", async () => {
    const spanish = await run(owner, "spanish");
    expect([spanish.status, spanish.verdict]).toEqual(["passed", "Lead captured: [NAME], [PHONE] (from the transcript, stored redacted)."]);
  });

  it("refuses the custom scenario without lines, saves the business's lines, and runs them", async () => {
    const empty = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "custom" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { fields: { lines: "Write at least one line for the caller before running your own script." } } });
    const bad = await call("/api/test-suite/custom", { cookie: owner.cookie, method: "PUT", body: { lines: ["x".repeat(201)], expect: "lead" } });
    expect(bad.status).toBe(400);
    const saved = await call("/api/test-suite/custom", {
      cookie: owner.cookie,
      method: "PUT",
      body: { lines: ["Hi, do you fix leaking taps on weekends?"], expect: "info" },
    });
    expect(saved.status).toBe(200);
    const custom = await run(owner, "custom");
    expect([custom.status, custom.verdict]).toEqual(["passed", "The call was answered, transcribed and analysed."]);
  });

  it("fails with the spec's message when the organization has no number; viewers read runs but cannot start them", async () => {
    const empty = await signUp({ company: "No Number Co" });
    const result = await run(empty, "lead");
    expect(result.status).toBe("failed");
    expect(result.steps.at(-1)).toMatchObject({
      key: "number",
      status: "error",
      detail: "No phone numbers configured. Please add a phone number in Settings > Numbers.",
    });
    const viewer = await inviteAndJoin(owner, "viewer");
    expect((await call("/api/test-suite/runs", { cookie: viewer.cookie, body: { scenario: "lead" } })).status).toBe(403);
    expect((await call(`/api/test-suite/runs/${result.id}`, { cookie: viewer.cookie })).status).toBe(404);
  });
});
