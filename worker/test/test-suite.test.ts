import { SPEND_PRICES_MICRO_USD, TEST_SUITE_MESSAGES, type TestRunResource, type TestScenario, isAfterHours } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { finishedRun as finished } from "./test-suite-runs";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { SIMULATED } from "./simulators";

let owner: SignedUp;
let rosaId: string;
const NUMBER = "+14155550161";

const patchAgent = async (body: Record<string, unknown>) =>
  expect((await call(`/api/agents/${rosaId}`, { cookie: owner.cookie, method: "PATCH", body })).status).toBe(200);

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
  rosaId = agent.id;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agent.id)
    .run();
});

describe("the Test Suite", { timeout: 90_000 }, () => {
  it("runs the lead scenario through the real webhook, bridge and post-call pipeline, and records what it would have sent", async () => {
    const result = await run(owner, "lead");
    // The organization redacts PII by default: the speech is stored redacted, the caller's contact details as given.
    expect(result.verdict).toBe("Lead captured: Maria Garcia, +14155550142.");
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
    // Suite Plumbing named no service of its own: the caller asks about its services.
    expect(stored?.transcript).toContain("I'd like to find out more about your services.");
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

  it("charges the run's model minutes to the day's spend, though its call is never billed or counted in the plan", async () => {
    const meter = env.SPEND_METER.get(env.SPEND_METER.idFromName(owner.organizationId));
    const spent = async () => (await meter.snapshot(new Date().toISOString().slice(0, 10))).spent;
    const before = await spent();
    const result = await run(owner, "lead");
    expect(result.status).toBe("passed");
    const seconds = Number(/^The call lasted (\d+) s$/.exec(result.steps.find((step) => step.key === "hangup")?.detail ?? "")?.[1]);
    // Real model minutes at the realtime price (no telephony: Twilio never carried it), each call rounded up to a minute.
    expect(await spent()).toBe(before + Math.max(1, Math.ceil(seconds / 60)) * SPEND_PRICES_MICRO_USD.realtimePerMinute);
    const billing = (await (await call("/api/billing/subscription", { cookie: owner.cookie })).json()) as { minutes_used: number };
    expect(billing.minutes_used).toBe(0);
  });

  it("treats the after-hours caller as after hours and books the appointment caller", async () => {
    const night = await run(owner, "after_hours");
    expect([night.status, night.verdict]).toEqual(["passed", "Message taken: Tom Baker, +14155550126."]);
    // "The next day you're open": free times within Rosa's hours (9 to 5 on weekdays) offered, one validated, none held.
    const booking = await run(owner, "appointment");
    expect(booking.status).toBe("passed");
    expect(booking.verdict).toMatch(
      /^Rosa booked \w+day, \w+ \d+ at (9|10|11|12|1|2|3|4):\d\d [AP]M: a free time within your opening hours \(a Test Suite call holds no slot\)\.$/,
    );
    const effects = (await finished(owner, booking.id)).side_effects;
    expect(effects.find((effect) => effect.kind === "availability")?.detail).toMatch(/^Offered 5 free times within your hours: /);
    const label = booking.verdict!.slice("Rosa booked ".length, booking.verdict!.indexOf(": a free time"));
    expect(effects.find((effect) => effect.kind === "booking")?.detail).toBe(
      `Would book James Chen (+14155550173) for ${label}: that time is free and within your hours (a Test Suite call holds no slot).`,
    );
    expect(await env.DB.prepare("select count(*) as n from appointments where organization_id = ?").bind(owner.organizationId).first("n")).toBe(0);
    // In Calls, as tests, with the outcome of what they did (the booking was recorded, not stored, yet it is the outcome).
    const { calls } = (await (await call("/api/calls?kind=test", { cookie: owner.cookie })).json()) as {
      calls: { id: string; outcome: string; after_hours: boolean; simulated_at: string | null }[];
    };
    expect(calls.find((row) => row.id === booking.call_id)?.outcome).toBe("appointment");
    const nightRow = calls.find((row) => row.id === night.call_id)!;
    expect(nightRow.outcome).toBe("lead");
    // The after-hours call carries the closed moment it simulated, whatever the hour it ran; the booking call none.
    expect(nightRow.after_hours).toBe(true);
    expect(calls.find((row) => row.id === booking.call_id)?.simulated_at).toBeNull();
    const { agent } = (await (await call(`/api/agents/${rosaId}`, { cookie: owner.cookie })).json()) as {
      agent: { hours_json: object; business_hours_tz: string };
    };
    expect(nightRow.simulated_at).not.toBeNull();
    expect(isAfterHours(JSON.stringify(agent.hours_json), agent.business_hours_tz, new Date(nightRow.simulated_at!))).toBe(true);
    const detail = (await (await call(`/api/calls/${night.call_id}`, { cookie: owner.cookie })).json()) as { call: { simulated_at: string | null } };
    expect(detail.call.simulated_at).toBe(nightRow.simulated_at);
  });

  it("answers the Spanish caller in Spanish and books, stores the call as Spanish, and the booking's text would be in Spanish", async () => {
    const spanish = await run(owner, "spanish");
    expect(spanish.status).toBe("passed");
    expect(spanish.verdict).toMatch(
      /^Rosa answered in Spanish\. The call is stored as Spanish\. Rosa booked \w+day, \w+ \d+ at \d+:\d\d [AP]M: a free time within your opening hours \(a Test Suite call holds no slot\)\. The caller would get 1 text in Spanish\.$/,
    );
    expect(await env.DB.prepare("select language from calls where id = ?").bind(spanish.call_id).first("language")).toBe("es");
    // The free times were offered in Spanish, and the confirmation the caller would get is Spanish (Rosa speaks English).
    const effects = (await finished(owner, spanish.id)).side_effects;
    expect(effects.find((effect) => effect.kind === "availability")?.detail).toMatch(
      /^Offered \d free times within your hours: \p{L}+ \d+ de \p{L}+ a las? \d/u,
    );
    expect(effects.find((effect) => effect.kind === "sms")?.detail).toMatch(
      /^Would text \+14155550188: "Suite Plumbing: su cita queda reservada para el .+ Responda STOP para no recibir mensajes\."$/,
    );
  });

  it("refuses the custom scenario without lines or without what must be true, and saves the business's lines and expectation", async () => {
    const empty = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "custom" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { fields: { lines: "Write at least one line for the caller before running your own script." } } });
    const bad = await call("/api/test-suite/custom", { cookie: owner.cookie, method: "PUT", body: { lines: ["x".repeat(201)], expect: "lead" } });
    expect(bad.status).toBe(400);
    // "Answer a question" checked nothing: it is no longer an expectation, and "the agent says" needs its phrase.
    const info = await call("/api/test-suite/custom", { cookie: owner.cookie, method: "PUT", body: { lines: ["Hi"], expect: "info" } });
    expect(await info.json()).toMatchObject({ error: { code: "validation_failed", fields: { expect: "Choose what must be true after the call." } } });
    const noPhrase = await call("/api/test-suite/custom", { cookie: owner.cookie, method: "PUT", body: { lines: ["Hi"], expect: "says", phrase: " " } });
    expect(await noPhrase.json()).toMatchObject({
      error: { fields: { phrase: "Write what the agent must say: a phrase or a number, up to 100 characters." } },
    });
    // A script saved before expectations existed ("info") reads as none chosen, and cannot run until one is.
    await env.DB.prepare("update organization_settings set custom_test_lines = ?, custom_test_expect = 'info' where organization_id = ?")
      .bind(JSON.stringify(["Hi, do you fix leaking taps on weekends?"]), owner.organizationId)
      .run();
    const legacy = (await (await call("/api/test-suite", { cookie: owner.cookie })).json()) as { custom: unknown };
    expect(legacy.custom).toEqual({ lines: ["Hi, do you fix leaking taps on weekends?"], expect: null, phrase: "" });
    const unstated = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "custom" } });
    expect(await unstated.json()).toMatchObject({
      error: { fields: { expect: "Choose what must be true after the call before running your own script." } },
    });
  });

  it("passes a custom scenario only when the agent says what it states, and fails with the reason otherwise", async () => {
    const script = (expectation: Record<string, string>) =>
      call("/api/test-suite/custom", { cookie: owner.cookie, method: "PUT", body: { lines: ["How much is drain cleaning?"], ...expectation } });
    // Rosa's knowledge has no price for drain cleaning yet: she says she does not know.
    expect(await (await script({ expect: "says", phrase: " $149 " })).json()).toEqual({
      custom: { lines: ["How much is drain cleaning?"], expect: "says", phrase: "$149" },
    });
    const unknown = await run(owner, "custom");
    expect([unknown.status, unknown.verdict]).toEqual([
      "failed",
      "Rosa did not say “$149”. Rosa said: “I'm sorry, I don't know that. I can have someone from the team get back to you. Can I take your name and number, so the team can follow up?”",
    ]);
    expect(unknown.checks).toEqual([{ expect: "says", phrase: "$149" }]);
    expect(unknown.steps.at(-1)).toMatchObject({ key: "verdict", status: "error", detail: `Test Failed: ${unknown.verdict}` });
    await patchAgent({ knowledge_base: "We unblock drains and fix leaks. Drain cleaning is $149. Water heater installs start at $1,200." });
    const known = await run(owner, "custom");
    expect([known.status, known.verdict]).toEqual(["passed", "Rosa said “$149”."]);
    // A price the knowledge does not give fails, quoting what was said.
    await script({ expect: "says", phrase: "$99" });
    const wrong = await run(owner, "custom");
    expect([wrong.status, wrong.verdict]).toEqual([
      "failed",
      "Rosa did not say “$99”. Rosa said: “Drain cleaning is $149. Can I take your name and number, so the team can follow up?”",
    ]);
    // Stated outcomes the call did not reach fail too.
    await script({ expect: "lead" });
    expect((await run(owner, "custom")).verdict).toBe("Rosa did not get the caller's name, so no lead was saved.");
  });

  it("checks a transfer as the business states it: only with a transfer number does the caller reach a person", async () => {
    await call("/api/test-suite/custom", {
      cookie: owner.cookie,
      method: "PUT",
      body: { lines: ["Can I speak to a person, please?"], expect: "transfer" },
    });
    const without = await run(owner, "custom");
    expect([without.status, without.verdict]).toEqual([
      "failed",
      "Rosa did not transfer the caller: turn on “Transfer to a person” for Rosa and add a transfer number (Agents › Hours & Escalation).",
    ]);
    await patchAgent({ escalation_json: { phone: "+14155550199" }, tools: ["book_appointment", "push_crm_lead", "send_sms", "transfer_call"] });
    const transferred = await run(owner, "custom");
    expect([transferred.status, transferred.verdict]).toEqual(["passed", "Rosa transferred the caller (recorded, not done)."]);
    expect((await finished(owner, transferred.id)).side_effects).toContainEqual({ kind: "transfer", detail: "Would transfer the caller to +14155550199." });
  });

  it("asks the agent about the first price in its knowledge and passes only when it is said", async () => {
    const priced = await signUp({ company: "Knowledge Plumbing" });
    const created = await call("/api/agents", { cookie: priced.cookie, body: { name: "Ana" } });
    const { agent } = (await created.json()) as { agent: { id: string } };
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
      .bind(crypto.randomUUID(), priced.organizationId, "+14155550162", agent.id)
      .run();
    const refused = await call("/api/test-suite/runs", { cookie: priced.cookie, body: { scenario: "knowledge" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        fields: { knowledge: TEST_SUITE_MESSAGES.noKnowledgePrice },
      },
    });
    // A price typed on the Knowledge page is one to ask about; the agent's own knowledge base comes first.
    const typed = await call("/api/knowledge", { cookie: priced.cookie, body: { kind: "section", title: "Prices", body: "A camera inspection is $175." } });
    expect(typed.status).toBe(201);
    const suite = async () => ((await (await call("/api/test-suite", { cookie: priced.cookie })).json()) as { scenarios: TestScenario[] }).scenarios;
    expect((await suite()).find((scenario) => scenario.id === "knowledge")).toMatchObject({ lines: ["How much is the camera inspection?"], blocker: null });
    await call(`/api/agents/${agent.id}`, { cookie: priced.cookie, method: "PATCH", body: { knowledge_base: "We fix boilers. A boiler service is $95." } });
    const { scenarios } = (await (await call("/api/test-suite", { cookie: priced.cookie })).json()) as { scenarios: TestScenario[] };
    expect(scenarios.find((scenario) => scenario.id === "knowledge")).toMatchObject({
      title: "Answers from the knowledge base",
      lines: ["How much is the boiler service?"],
      checks: [{ expect: "says", phrase: "$95" }],
    });
    const result = await run(priced, "knowledge");
    expect([result.status, result.verdict]).toEqual(["passed", "Ana said “$95”."]);
    const stored = await env.DB.prepare("select transcript from calls where id = ?").bind(result.call_id).first<{ transcript: string }>();
    expect(JSON.parse(stored!.transcript)).toContainEqual(
      expect.objectContaining({ role: "assistant", content: expect.stringMatching(/^A boiler service is \$95\. /) }),
    );
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
