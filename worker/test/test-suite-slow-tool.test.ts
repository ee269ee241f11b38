import type { TestRunResource, TestScenario, TestStep } from "@nikki/core";
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { type Bindings, readConfig } from "../src/env";
import { liveServices } from "../src/services";
import { runSuiteCall } from "../src/test-suite/run";
import { type SignedUp, call } from "./accounts";
import { businessOnNumber, finishedRun } from "./test-suite-runs";

let owner: SignedUp;
const NUMBER = "+14155550162";

beforeAll(async () => {
  owner = await businessOnNumber("Slow Booking Plumbing", NUMBER);
});

const finished = (id: string) => finishedRun(owner, id);

/** The milliseconds from the end of the caller's line to the answer, as the run's step says them. */
const answeredAfter = (steps: TestStep[]) => Number(/answered (\d+) ms after/.exec(steps.find((step) => step.key === "line-1")?.detail ?? "")?.[1]);

describe("the Test Suite's slow booking system (slow_tool: every tool held 3 s)", { timeout: 90_000 }, () => {
  it("passes through the real runner: Nikki says she is checking, and the caller waits past that for the free times", async () => {
    const started = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "slow_tool" } });
    expect(started.status).toBe(202);
    const run = await finished(((await started.json()) as { test_run: TestRunResource }).test_run.id);
    expect(run.status, run.verdict ?? "").toBe("passed");
    expect(run.verdict).toMatch(
      /^Rosa said “One moment while I check that\.” while the booking system was slow, then answered: “.*I have .+\. Which would you like\?”$/,
    );
    // The answer the caller waited for is the tool's, not the filler said 700 ms in: it came after the 3 s the tool took.
    expect(answeredAfter(run.steps)).toBeGreaterThan(3_000);
    const stored = await env.DB.prepare("select transcript from calls where id = ?").bind(run.call_id).first<{ transcript: string }>();
    const said = (JSON.parse(stored!.transcript) as { role: string; content: string }[])
      .filter((line) => line.role === "assistant")
      .map((line) => line.content);
    expect(said.indexOf("One moment while I check that.")).toBeGreaterThan(0);
    expect(said.findIndex((line) => /I have .+\. Which would you like\?/.test(line))).toBeGreaterThan(said.indexOf("One moment while I check that."));
  });

  it("fails, saying why, when fillers are off (TOOL_FILLERS=off): the caller heard silence while the tool ran", async () => {
    // The same runner the TEST_SUITE_RUNNER object starts, on a copy of the bindings with fillers off (env stays as it is).
    const bindings = { ...env, TOOL_FILLERS: "off" } as Bindings;
    const { scenarios } = (await (await call("/api/test-suite", { cookie: owner.cookie })).json()) as { scenarios: TestScenario[] };
    const scenario = scenarios.find((candidate) => candidate.id === "slow_tool")!;
    const runId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into test_runs (id, organization_id, created_by, scenario, lines, expect, call_sid, created_at) values (?, ?, ?, 'slow_tool', ?, 'says', ?, ?)",
    )
      .bind(runId, owner.organizationId, owner.userId, JSON.stringify(scenario.lines), `CA${crypto.randomUUID().replaceAll("-", "")}`, Date.now())
      .run();
    const app = createApp(liveServices);
    const context = createExecutionContext();
    await runSuiteCall({ services: liveServices(bindings, readConfig(bindings)), fetch: async (request) => app.fetch(request, bindings, context) }, runId);
    const run = await finished(runId);
    expect([run.status, run.verdict]).toEqual(["failed", "Rosa said nothing while the booking system was slow: the caller heard silence."]);
    expect(run.steps.find((step) => step.key === "verdict")?.detail).toMatch(/: Rosa said nothing while the booking system was slow/);
  });
});
