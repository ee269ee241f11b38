import { TEST_SUITE_MESSAGES, type TestCheck, type TestScenarioId, canManage, describeCheck } from "@nikki/core";
import { useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import { useAction } from "../../../lib/use-action";
import { usePoll } from "../../../lib/use-poll";
import { useResource } from "../../../lib/use-resource";
import EmptyState from "../../ui/EmptyState";
import Loaded from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import CustomScenario from "./CustomScenario";
import TestRunSteps, { type TestRun } from "./TestRunSteps";
import "../agents/agents.css";
import "../calls/calls.css";
import "./test-suite.css";

type Suite = DataOf<(typeof api)["test-suite"]["$get"]>;

const POLL_MS = 700;
/** Where a knowledge scenario's owner goes to give it something to ask about. */
const FIX_PAGE: Partial<Record<TestScenarioId, { href: string; label: string }>> = {
  knowledge: { href: "/dashboard/knowledge", label: "Open Knowledge" },
  website: { href: "/dashboard/knowledge", label: "Open Knowledge" },
};

/** The Test Suite (spec 001 §9): six scenarios, each a simulated call through the real pipeline, with its steps live. */
export default function TestSuitePage() {
  const suite = useResource(() => call(api["test-suite"].$get), { failure: "Failed to load the Test Suite" });
  const canRun = canManage(useMe()?.role);
  const [current, setCurrent] = useState<TestRun | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const picked = useResource(() => call(api["test-suite"].runs[":id"].$get, { param: { id: selected ?? "" } }), {
    failure: "Failed to load the run",
    skip: selected === null,
    deps: [selected],
  });
  /** The scenarios still to run, the one running first. */
  const [queue, setQueue] = useState<TestScenarioId[]>([]);
  const action = useAction();

  // The run being followed: its steps as they happen, until it passes or fails.
  const following = current?.status === "running" ? current.id : null;
  usePoll(following, {
    read: () => call(api["test-suite"].runs[":id"].$get, { param: { id: following ?? "" } }),
    intervalMs: POLL_MS,
    onAnswer: ({ test_run: run }) => {
      setCurrent(run);
      if (run.status !== "running") finished(run, queue);
    },
    until: ({ test_run: run }) => run.status !== "running",
  });

  /** Starts the first of `scenarios` (one that does not start is passed over); the rest follow as each finishes. */
  async function start(scenarios: TestScenarioId[]) {
    const [scenario, ...rest] = scenarios;
    if (!scenario) return done();
    setQueue(scenarios);
    const started = await action.run({ request: () => call(api["test-suite"].runs.$post, undefined, { scenario }), failure: TEST_SUITE_MESSAGES.failed });
    if (!started) return void start(rest);
    const run = started.data.test_run;
    setSelected(null);
    setCurrent(run);
    if (run.status !== "running") finished(run, scenarios);
  }

  function finished(run: TestRun, scenarios: TestScenarioId[]) {
    if (run.status === "passed") toast({ title: TEST_SUITE_MESSAGES.passed, description: run.verdict ?? undefined });
    else toast({ variant: "destructive", title: TEST_SUITE_MESSAGES.failed, description: run.verdict ?? undefined });
    void start(scenarios.slice(1));
  }

  function done() {
    setQueue([]);
    void suite.reload();
  }

  function show(id: string) {
    setCurrent(null);
    setSelected(id);
  }

  const shown = current ?? (picked.data && picked.data.test_run.id === selected ? picked.data.test_run : null);
  return (
    <Loaded resource={suite} loading="Loading the Test Suite…">
      {(loaded) => (
        <SuiteView
          suite={loaded}
          canRun={canRun}
          queue={queue}
          shown={shown}
          onRun={(scenarios) => queue.length === 0 && void start(scenarios)}
          onShow={show}
          onCustomSaved={(custom) => suite.update((data) => ({ ...data, custom }))}
        />
      )}
    </Loaded>
  );
}

/** The scenarios, the run being followed or shown, and the recent runs. */
function SuiteView({
  suite,
  canRun,
  queue,
  shown,
  onRun,
  onShow,
  onCustomSaved,
}: {
  suite: Suite;
  canRun: boolean;
  queue: TestScenarioId[];
  shown: TestRun | null;
  onRun(scenarios: TestScenarioId[]): void;
  onShow(id: string): void;
  onCustomSaved(custom: Suite["custom"]): void;
}) {
  const time = useBusinessTime();
  const busy = queue.length > 0;
  const agentName = suite.number?.agent_name ?? "Your agent";
  const custom = suite.custom;
  const checksOf = (scenario: Suite["scenarios"][number]): TestCheck[] =>
    scenario.id === "custom" ? (custom.expect ? [{ expect: custom.expect, phrase: custom.phrase || null }] : []) : scenario.checks;
  const linesOf = (scenario: Suite["scenarios"][number]) => (scenario.id === "custom" ? custom.lines : scenario.lines);
  /** Why a scenario cannot run yet: the custom one needs lines and an expectation, a knowledge one a price to ask about. */
  const blockerOf = (scenario: Suite["scenarios"][number]) => {
    if (scenario.id === "custom" && custom.lines.length === 0) return TEST_SUITE_MESSAGES.noCustomLines;
    if (scenario.id === "custom" && !custom.expect) return TEST_SUITE_MESSAGES.noExpectation;
    return scenario.blocker ?? null;
  };
  const runnable = suite.scenarios.filter((scenario) => !blockerOf(scenario)).map((scenario) => scenario.id);
  const titleOf = (id: TestScenarioId) => suite.scenarios.find((scenario) => scenario.id === id)?.title ?? id;

  return (
    <>
      <section className="card panel" aria-labelledby="suite-title">
        <div className="panel-head">
          <div>
            <h2 id="suite-title">Prove your receptionist works</h2>
            <p>
              Each scenario rings your number with a simulated caller, through the real call pipeline. Texts, CRM pushes, bookings and alerts are recorded, not
              sent, and its calls are never billed. Each takes up to {suite.duration_seconds} seconds.
            </p>
          </div>
          {canRun && suite.number && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onRun(runnable)}>
              {busy ? `Running ${titleOf(queue[0]!)}…` : "Run all scenarios"}
            </button>
          )}
        </div>
        {suite.number ? (
          <p className="suite-number">
            Calls ring <strong>{suite.number.number}</strong>, answered by <strong>{suite.number.agent_name}</strong>.
          </p>
        ) : (
          <EmptyState message={canRun ? TEST_SUITE_MESSAGES.noNumber : TEST_SUITE_MESSAGES.noNumberReader}>
            {canRun && (
              <a className="btn btn-secondary btn-sm" href="/dashboard/numbers">
                Go to Numbers
              </a>
            )}
          </EmptyState>
        )}
        {!canRun && <p className="muted">Only owners and admins can run the Test Suite. You can read every run.</p>}
        <ul className="scenario-grid">
          {suite.scenarios.map((scenario) => {
            const lines = linesOf(scenario);
            const blocker = blockerOf(scenario);
            const checks = checksOf(scenario);
            const last = suite.runs.find((run) => run.scenario === scenario.id && run.status !== "running");
            return (
              <li key={scenario.id} className="scenario-card" aria-labelledby={`scenario-${scenario.id}`}>
                <div className="scenario-head">
                  <h3 id={`scenario-${scenario.id}`}>{scenario.title}</h3>
                  {last && <StatusBadge kind="testRun" status={last.status} />}
                </div>
                <p className="muted">{scenario.description}</p>
                {scenario.id === "custom" && canRun ? (
                  <CustomScenario custom={suite.custom} onSaved={onCustomSaved} />
                ) : scenario.id === "custom" && lines.length === 0 ? (
                  <p className="muted">{TEST_SUITE_MESSAGES.noCustomScript}</p>
                ) : (
                  <ol className="scenario-lines">
                    {lines.map((line) => (
                      <li key={line}>“{line}”</li>
                    ))}
                  </ol>
                )}
                {scenario.id !== "custom" && suite.number && blocker && (
                  <p className="field-hint">
                    {blocker} {canRun && <a href={FIX_PAGE[scenario.id]?.href}>{FIX_PAGE[scenario.id]?.label}</a>}
                  </p>
                )}
                {checks.length > 0 && <p className="scenario-expect">Expected: {checks.map((check) => describeCheck(check, agentName)).join("; ")}</p>}
                {canRun && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={busy || !suite.number || blocker !== null}
                    onClick={() => onRun([scenario.id])}
                    aria-label={`Run ${scenario.title}`}
                    title={blocker ?? undefined}
                  >
                    {queue[0] === scenario.id ? "Running..." : "Run"}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {shown && <TestRunSteps run={shown} title={`${titleOf(shown.scenario)}: steps`} />}
      {suite.runs.length > 0 && (
        <section className="card panel" aria-labelledby="runs-title">
          <div className="panel-head">
            <div>
              <h2 id="runs-title">Recent runs</h2>
              <p>The last ten; open one to see its steps.</p>
            </div>
          </div>
          <ul className="recent-runs">
            {suite.runs.slice(0, 10).map((run) => (
              <li key={run.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onShow(run.id)}
                  disabled={busy}
                  aria-label={`Show the ${titleOf(run.scenario)} run of ${time.dateTime(run.created_at)}`}
                >
                  {titleOf(run.scenario)}
                </button>{" "}
                <StatusBadge kind="testRun" status={run.status} />{" "}
                <span className="muted">
                  {time.dateTime(run.created_at)} {run.verdict ? `· ${run.verdict}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
