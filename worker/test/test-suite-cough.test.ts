import type { TestRunResource, TestStep } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call } from "./accounts";
import { businessOnNumber, finishedRun } from "./test-suite-runs";

let owner: SignedUp;
const NUMBER = "+14155550163";

beforeAll(async () => {
  owner = await businessOnNumber("Cough Drop Dental", NUMBER);
});

const finished = (id: string) => finishedRun(owner, id);

const stepDetail = (steps: TestStep[], key: string) => steps.find((step) => step.key === key)?.detail ?? "";

describe("the Test Suite's caller who coughs mid-answer (cough)", { timeout: 90_000 }, () => {
  it("passes through the real runner: the cough over Nikki's answer cuts nothing, and nothing answers it", async () => {
    const started = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "cough" } });
    expect(started.status).toBe(202);
    const run = await finished(((await started.json()) as { test_run: TestRunResource }).test_run.id);
    expect(run.status, run.verdict ?? "").toBe("passed");
    expect(run.verdict).toBe("The caller coughed while Rosa answered, and heard the answer whole: Rosa talked on.");
    expect(stepDetail(run.steps, "line-1")).toMatch(/; the caller coughed 60 ms into the answer$/);
    const stored = await env.DB.prepare("select transcript, metrics from calls where id = ?")
      .bind(run.call_id)
      .first<{ transcript: string; metrics: string }>();
    expect(JSON.parse(stored!.metrics)).toMatchObject({ barge_ins: 0 });
    // The greeting, the caller's question and its answer: the cough is no line of the caller's, and got no answer.
    const roles = (JSON.parse(stored!.transcript) as { role: string }[]).map((line) => line.role);
    expect(roles).toEqual(["assistant", "user", "assistant"]);
  });
});
