import { TEST_SUITE_MESSAGES, type TestStepStatus, statusLook } from "@nikki/core";
import type { DataOf, api } from "../../../lib/client";
import StatusBadge from "../../ui/StatusBadge";
import Time from "../../ui/Time";

export type TestRun = DataOf<(typeof api)["test-suite"]["runs"][":id"]["$get"]>["test_run"];

const STATUS_MARK: Record<Exclude<TestStepStatus, "running">, string> = { success: "✓", error: "✕", warning: "!" };

/** A run's steps as they happen (running, success, error or warning), its verdict and what it would have sent. */
export default function TestRunSteps({ run, title }: { run: TestRun; title: string }) {
  return (
    <section className="card panel test-run" aria-labelledby={`run-${run.id}`} aria-live="polite">
      <div className="panel-head">
        <div>
          <h2 id={`run-${run.id}`}>{title}</h2>
          <p>
            {run.status === "running" ? (
              "Running…"
            ) : (
              <>
                {statusLook("testRun", run.status).label} · <Time at={run.finished_at ?? run.created_at} />
              </>
            )}
          </p>
        </div>
        <StatusBadge kind="testRun" status={run.status} />
      </div>
      <ol className="test-steps">
        {run.steps.map((step) => (
          <li key={step.key} className={`test-step test-step-${step.status}`}>
            <span className="test-step-mark" aria-hidden="true">
              {step.status === "running" ? <span className="spinner" /> : STATUS_MARK[step.status]}
            </span>
            <div>
              <p className="test-step-label">
                {step.label} <span className="sr-only">({statusLook("testStep", step.status).label})</span>
              </p>
              {step.detail && <p className="test-step-detail">{step.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
      {run.status !== "running" && (
        <p className={`test-verdict ${run.status === "passed" ? "test-verdict-pass" : "test-verdict-fail"}`}>
          {run.status === "passed" ? TEST_SUITE_MESSAGES.passed : TEST_SUITE_MESSAGES.failed}
        </p>
      )}
      {run.side_effects.length > 0 && (
        <>
          <h3 className="test-effects-title">Recorded, not sent</h3>
          <ul className="test-effects">
            {run.side_effects.map((effect, index) => (
              <li key={`${effect.kind}-${index}`}>{effect.detail}</li>
            ))}
          </ul>
        </>
      )}
      {run.call_id && run.status !== "running" && (
        <p>
          <a href={`/dashboard/calls?call=${run.call_id}`}>Open this run's call in Calls</a>
        </p>
      )}
    </section>
  );
}
