import { refusalNow } from "../../billing/spend";
import {
  SUITE_CALL_SECONDS,
  TEST_SCENARIOS,
  TEST_SUITE_MESSAGES,
  type TestRunResource,
  type TestStep,
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
import { testNumberOf } from "../../test-suite/effects";

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
    side_effects: effects,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
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
      scenarios: TEST_SCENARIOS,
      custom: { lines: jsonList(settings.customTestLines), expect: settings.customTestExpect },
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
    await c.var.db
      .update(organizationSettings)
      .set({ customTestLines: JSON.stringify(parsed.data.lines), customTestExpect: parsed.data.expect })
      .where(eq(organizationSettings.organizationId, organizationId));
    return c.json({ custom: parsed.data });
  })
  .post(
    "/runs",
    access("admin"),
    rateLimit([{ key: (c) => `test-suite:${orgCaller(c).organizationId}`, limit: RUNS_PER_HOUR, windowMs: HOUR_MS, code: "rate_limited" }]),
    async (c) => {
      const caller = orgCaller(c);
      const parsed = parseFields(startTestCallSchema, await readJsonBody(c));
      if (!parsed.ok) throw new ApiError("validation_failed", { fields: parsed.fields });
      const scenario = TEST_SCENARIOS.find((candidate) => candidate.id === parsed.data.scenario)!;
      const settings = await settingsRowOf(c.var.db, caller.organizationId);
      const lines = scenario.id === "custom" ? jsonList(settings.customTestLines) : scenario.lines;
      if (lines.length === 0)
        throw new ApiError("validation_failed", { message: TEST_SUITE_MESSAGES.noCustomLines, fields: { lines: TEST_SUITE_MESSAGES.noCustomLines } });
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
          expect: scenario.id === "custom" ? settings.customTestExpect : scenario.expect,
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
