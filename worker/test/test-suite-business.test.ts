/**
 * The Test Suite's callers fit the business (issue 54 §5–6): a new dental practice's scenarios ask for its own first
 * service on its next opening, never for a plumber, and its Spanish caller books that service, with the summary stating
 * the booked time as stored.
 */
import type { TestRunResource, TestScenario } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "./accounts";
import { finishedRun } from "./test-suite-runs";

let owner: SignedUp;
const NUMBER = "+14155550163";
const WEEKDAYS_8_TO_5 = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ open: "08:00", close: "17:00" }]]));

beforeAll(async () => {
  owner = await signUp({ company: "Bright Smile Dental" });
  for (const service of [
    { name: "Cleaning", duration_minutes: 60 },
    { name: "Checkup", duration_minutes: 30 },
  ])
    expect((await call("/api/services", { cookie: owner.cookie, body: service })).status).toBe(201);
  const created = await call("/api/agents", {
    cookie: owner.cookie,
    body: { name: "Sofia", business_hours_tz: "America/Chicago", hours_json: WEEKDAYS_8_TO_5, tools: ["book_appointment", "push_crm_lead", "send_sms"] },
  });
  const { agent } = (await created.json()) as { agent: { id: string } };
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agent.id)
    .run();
});

describe("a dental practice's Test Suite", { timeout: 90_000 }, () => {
  it("asks for its first service by name on its next opening, at its opening time, and never for a plumber", async () => {
    const { scenarios } = (await (await call("/api/test-suite", { cookie: owner.cookie })).json()) as { scenarios: TestScenario[] };
    const lines = (id: string) => scenarios.find((scenario) => scenario.id === id)!.lines;
    // The default "Appointment" every organization starts with is passed over for the first service the practice named.
    expect(lines("appointment")[1]).toMatch(/^Can I book a Cleaning (tomorrow|on (Monday|Tuesday|Wednesday|Thursday|Friday)) at 8 am\?$/);
    expect(lines("spanish")[0]).toMatch(
      /^Hola, soy Lucía Fernández\. Necesito una cita de Cleaning para (mañana|el (lunes|martes|miércoles|jueves|viernes)) a las 8\.$/,
    );
    expect(lines("lead")[0]).toBe("Hi, this is Maria Garcia. I'd like to find out more about a Cleaning.");
    expect(JSON.stringify(scenarios)).not.toMatch(/plumb|water heater|basement|flood/i);
    expect(scenarios.find((scenario) => scenario.id === "spanish")!.description).toMatch(/books your first service/);
    // Every description names the practice's agent, never the product.
    expect(scenarios.find((scenario) => scenario.id === "lead")!.description).toMatch(/Sofia saves the lead\.$/);
    expect(scenarios.map((scenario) => scenario.description).join(" ")).not.toMatch(/Nikki/);
  });

  it("books the Spanish caller's Cleaning, and the summary states the time as booked", async () => {
    const started = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "spanish" } });
    expect(started.status).toBe(202);
    const run = await finishedRun(owner, ((await started.json()) as { test_run: TestRunResource }).test_run.id);
    expect(run.status).toBe("passed");
    expect(run.checks.map((check) => check.expect)).toEqual(["spanish", "caller_language", "appointment", "texts_language"]);
    const label = /Sofia booked (\w+day, \w+ \d+ at 8:00 AM): a free time within your opening hours/.exec(run.verdict ?? "")?.[1];
    expect(label, run.verdict ?? "").toBeDefined();
    const booking = await env.DB.prepare("select data from test_run_effects where call_id = ? and kind = 'booking'")
      .bind(run.call_id)
      .first<{ data: string }>();
    expect(JSON.parse(booking!.data)).toMatchObject({ service: "Cleaning", time_zone: "America/Chicago" });
    // The summary, in the practice's language, states the booking's time (8:00), never the caller's words.
    const summary = await env.DB.prepare("select summary from calls where id = ?").bind(run.call_id).first<string>("summary");
    expect(summary).toContain(`The appointment was booked for ${label}.`);
    expect(summary).not.toMatch(/mañana/);
  });
});
