import { refusalNow } from "../../billing/spend";
import {
  type CustomScenario,
  SUITE_CALL_SECONDS,
  TEST_SUITE_MESSAGES,
  type TestRunResource,
  type TestStep,
  checksOfRun,
  customScenarioSchema,
  parseFields,
  startTestCallSchema,
} from "@nikki/core";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { audit } from "../../audit";
import { jsonList } from "../../db/json";
import { organizationSettings, testRunEffects, testRuns } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { readJsonBody } from "../../http/json-body";
import { access, orgCaller } from "../../middleware/access";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { settingsRowOf } from "../../org/settings";
import { testNumberOf } from "../../test-suite/test-number";
import { suiteScenarios } from "../../test-suite/scenarios";

/** Test calls use the organization's providers: at most this many an hour. */
const RUNS_PER_HOUR = 30;

type Run = typeof testRuns.$inferSelect;

function serializeRun(run: Run, effects: { kind: string; detail: string }[]): TestRunResource {
  return {
    id: run.id,
    scenario: run.scenario,
    status: run.status,
    steps: JSON.parse(run.steps) as TestStep[],
    verdict: run.verdict,
    call_id: run.callId,
    checks: checksOfRun(run.scenario, run.expect, run.phrase),
    side_effects: effects,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

/** The custom scenario as saved ("info", from before expectations, reads as none chosen). */
function customOf(settings: { customTestLines: string; customTestExpect: string; customTestPhrase: string }): CustomScenario {
  const expect = settings.customTestExpect === "info" ? null : (settings.customTestExpect as NonNullable<CustomScenario["expect"]>);
  return { lines: jsonList(settings.customTestLines), expect, phrase: settings.customTestPhrase };
}

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** `/api/test-suite` (spec 001 §9): the scenarios, the custom one's script, runs and their steps. Members read; owners and admins run. */
export const testSuiteRoutes = new Hono<AppEnv>()
  .get("/", access("viewer"), async (c) => {
    const { organizationId } = orgCaller(c);
    const settings = await settingsRowOf(c.var.db, organizationId);
    const number = await testNumberOf(c.var.db, organizationId);
    const runs = await c.var.db.select().from(testRuns).where(eq(testRuns.organizationId, organizationId)).orderBy(desc(testRuns.createdAt)).limit(20);
    return c.json({
      scenarios: await suiteScenarios(c.var.db, organizationId, number),
      custom: customOf(settings),
      number: number ? { number: number.number, agent_name: number.agent } : null,
      duration_seconds: SUITE_CALL_SECONDS,
      runs: runs.map((run) => serializeRun(run, [])),
    });
  })
  .put("/custom", access("admin"), async (c) => {
    const { organizationId } = orgCaller(c);
    const parsed = parseFields(customScenarioSchema, await readJsonBody(c));
    if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
    await settingsRowOf(c.var.db, organizationId);
    const custom: CustomScenario = {
      lines: parsed.data.lines,
      expect: parsed.data.expect,
      phrase: parsed.data.expect === "says" ? (parsed.data.phrase ?? "") : "",
    };
    await c.var.db
      .update(organizationSettings)
      .set({ customTestLines: JSON.stringify(custom.lines), customTestExpect: parsed.data.expect, customTestPhrase: custom.phrase })
      .where(eq(organizationSettings.organizationId, organizationId));
    return c.json({ custom });
  })
  .post(
    "/runs",
    access("admin"),
    rateLimit([{ key: (c) => `test-suite:${orgCaller(c).organizationId}`, limit: RUNS_PER_HOUR, windowMs: HOUR_MS, code: "rate_limited" }]),
    async (c) => {
      const caller = orgCaller(c);
      const parsed = parseFields(startTestCallSchema, await readJsonBody(c));
      if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
      const settings = await settingsRowOf(c.var.db, caller.organizationId);
      const number = await testNumberOf(c.var.db, caller.organizationId);
      const scenarios = await suiteScenarios(c.var.db, caller.organizationId, number);
      const scenario = scenarios.find((candidate) => candidate.id === parsed.data.scenario)!;
      // What this run states must be true: the business's own for its script, else the scenario's.
      const custom = customOf(settings);
      const lines = scenario.id === "custom" ? custom.lines : scenario.lines;
      const expect = scenario.id === "custom" ? custom.expect : scenario.expect;
      const phrase = scenario.id === "custom" ? custom.phrase || null : (scenario.checks[0]?.phrase ?? null);
      const refuse = (field: string, message: string) => new ApiError("validation_failed", { message, fields: { [field]: message } });
      if (scenario.id === "custom" && lines.length === 0) throw refuse("lines", TEST_SUITE_MESSAGES.noCustomLines);
      if (scenario.id === "custom" && !expect) throw refuse("expect", TEST_SUITE_MESSAGES.noExpectation);
      // Without a number the run fails at its number step, with the spec's message; with one, its agent needs a price to ask about.
      if (scenario.blocker && number) throw refuse(scenario.id, scenario.blocker);
      const [running] = await c.var.db
        .select({ id: testRuns.id })
        .from(testRuns)
        .where(
          and(
            eq(testRuns.organizationId, caller.organizationId),
            eq(testRuns.status, "running"),
            gt(testRuns.createdAt, new Date(Date.now() - (SUITE_CALL_SECONDS + 10) * 1000)),
          ),
        );
      if (running) throw new ApiError("conflict", { message: TEST_SUITE_MESSAGES.running });
      // A run is a call: a lapsed trial or a spent daily cap refuses it with the same message a real call gets.
      const refusal = await refusalNow(c.var.services, caller.organizationId);
      if (refusal) throw new ApiError(refusal);
      const [run] = await c.var.db
        .insert(testRuns)
        .values({
          organizationId: caller.organizationId,
          createdBy: caller.userId,
          scenario: scenario.id,
          lines: JSON.stringify(lines),
          expect: expect!,
          phrase,
          callSid: `CA${randomHex(16)}`,
        })
        .returning();
      await audit(c, {
        action: "test_call_started",
        organizationId: caller.organizationId,
        actorUserId: caller.userId,
        actorEmail: caller.email,
        target: scenario.id,
      });
      const runner = c.env.TEST_SUITE_RUNNER;
      await runner.get(runner.idFromName(run!.id)).start(run!.id);
      return c.json({ test_run: serializeRun(run!, []) }, 202);
    },
  )
  .get("/runs/:id", access("viewer"), async (c) => {
    const { organizationId } = orgCaller(c);
    const [run] = await c.var.db
      .select()
      .from(testRuns)
      .where(and(eq(testRuns.id, c.req.param("id")), eq(testRuns.organizationId, organizationId)));
    if (!run) throw new ApiError("not_found", { message: "That test run was not found." });
    const effects = run.callId
      ? await c.var.db
          .select({ kind: testRunEffects.kind, detail: testRunEffects.detail })
          .from(testRunEffects)
          .where(eq(testRunEffects.callId, run.callId))
          .orderBy(asc(testRunEffects.createdAt))
      : [];
    return c.json({ test_run: serializeRun(run, effects) });
  });
