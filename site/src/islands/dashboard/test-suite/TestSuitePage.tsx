import { type CustomScenario as Custom, TEST_SUITE_MESSAGES, type TestRunResource, type TestScenario, type TestScenarioId } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { getJson, postJson } from "../../../lib/api";
import { loadMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import LoadPending from "../LoadPending";
import CustomScenario from "./CustomScenario";
import TestRunSteps from "./TestRunSteps";
import "../agents/agents.css";
import "../calls/calls.css";
import "./test-suite.css";

interface Suite {
  scenarios: TestScenario[];
  custom: Custom;
  number: { number: string; agent_name: string } | null;
  duration_seconds: number;
  runs: TestRunResource[];
}

const EXPECTED: Record<string, string> = { lead: "Lead captured", appointment: "Appointment booked", info: "Call answered and analysed" };
const POLL_MS = 700;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Test Suite (spec 001 §9): five scenarios, each a simulated call through the real pipeline, with its steps live. */
export default function TestSuitePage() {
  const [suite, setSuite] = useState<Suite | null>(null);
  const [failed, setFailed] = useState(false);
  const [canRun, setCanRun] = useState(false);
  const [current, setCurrent] = useState<TestRunResource | null>(null);
  const [queue, setQueue] = useState<TestScenarioId[]>([]);
  const running = useRef(false);

  async function load() {
    const result = await getJson<Suite>("/api/test-suite");
    if (!result.ok) {
      setFailed(true);
      return void toast({ variant: "destructive", title: "Failed to load the Test Suite", description: result.error?.message });
    }
    setFailed(false);
    setSuite(result.data);
  }
  useEffect(() => {
    void load();
    void loadMe().then((me) => setCanRun(me?.role === "owner" || me?.role === "admin"));
  }, []);

  /** Starts one scenario and follows its steps until it finishes; answers whether it passed. */
  async function run(scenario: TestScenarioId): Promise<boolean> {
    const started = await postJson<{ test_run: TestRunResource }>("/api/test-suite/runs", { scenario });
    if (!started.ok) {
      toast({ variant: "destructive", title: TEST_SUITE_MESSAGES.failed, description: started.error?.message });
      return false;
    }
    let run = started.data.test_run;
    setCurrent(run);
    while (run.status === "running") {
      await pause(POLL_MS);
      const polled = await getJson<{ test_run: TestRunResource }>(`/api/test-suite/runs/${run.id}`);
      if (polled.ok) {
        run = polled.data.test_run;
        setCurrent(run);
      }
    }
    if (run.status === "passed") toast({ title: TEST_SUITE_MESSAGES.passed, description: run.verdict ?? undefined });
    else toast({ variant: "destructive", title: TEST_SUITE_MESSAGES.failed, description: run.verdict ?? undefined });
    return run.status === "passed";
  }

  async function show(id: string) {
    const result = await getJson<{ test_run: TestRunResource }>(`/api/test-suite/runs/${id}`);
    if (result.ok) setCurrent(result.data.test_run);
    else toast({ variant: "destructive", title: "Failed to load the run", description: result.error?.message });
  }

  async function runAll(scenarios: TestScenarioId[]) {
    if (running.current) return;
    running.current = true;
    setQueue(scenarios);
    for (const [index, scenario] of scenarios.entries()) {
      setQueue(scenarios.slice(index));
      await run(scenario);
    }
    setQueue([]);
    running.current = false;
    await load();
  }

  if (!suite) {
    return (
      <section className="card panel">
        <LoadPending failed={failed} failure="Failed to load the Test Suite" loading="Loading the Test Suite…" onRetry={() => void load()} />
      </section>
    );
  }
  const busy = queue.length > 0;
  const runnable = suite.scenarios.filter((scenario) => scenario.id !== "custom" || suite.custom.lines.length > 0).map((scenario) => scenario.id);
  const titleOf = (id: TestScenarioId) => suite.scenarios.find((scenario) => scenario.id === id)?.title ?? id;

  return (
    <>
      <section className="card panel" aria-labelledby="suite-title">
        <div className="panel-head">
          <div>
            <h2 id="suite-title">Prove your receptionist works</h2>
            <p>
              Each scenario rings your number with a simulated caller, through the real call pipeline. Texts, CRM pushes, bookings and alerts are recorded, not
              sent, and test calls are never billed. Each takes up to {suite.duration_seconds} seconds.
            </p>
          </div>
          {canRun && suite.number && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void runAll(runnable)}>
              {busy ? `Running ${titleOf(queue[0]!)}…` : "Run all scenarios"}
            </button>
          )}
        </div>
        {suite.number ? (
          <p className="suite-number">
            Calls ring <strong>{suite.number.number}</strong>, answered by <strong>{suite.number.agent_name}</strong>.
          </p>
        ) : (
          <div className="dash-empty">
            <p>{TEST_SUITE_MESSAGES.noNumber}</p>
            <a className="btn btn-secondary btn-sm" href="/dashboard/numbers">
              Go to Numbers
            </a>
          </div>
        )}
        {!canRun && <p className="muted">Only owners and admins can run test calls. You can read every run.</p>}
        <ul className="scenario-grid">
          {suite.scenarios.map((scenario) => {
            const lines = scenario.id === "custom" ? suite.custom.lines : scenario.lines;
            const last = suite.runs.find((run) => run.scenario === scenario.id && run.status !== "running");
            return (
              <li key={scenario.id} className="scenario-card" aria-labelledby={`scenario-${scenario.id}`}>
                <div className="scenario-head">
                  <h3 id={`scenario-${scenario.id}`}>{scenario.title}</h3>
                  {last && (
                    <span className={`badge ${last.status === "passed" ? "badge-positive" : "badge-negative"}`}>
                      {last.status === "passed" ? "Passed" : "Failed"}
                    </span>
                  )}
                </div>
                <p className="muted">{scenario.description}</p>
                {scenario.id === "custom" ? (
                  <CustomScenario custom={suite.custom} canEdit={canRun} onSaved={(custom) => setSuite({ ...suite, custom })} />
                ) : (
                  <ol className="scenario-lines">
                    {lines.map((line) => (
                      <li key={line}>“{line}”</li>
                    ))}
                  </ol>
                )}
                <p className="scenario-expect">Expected: {EXPECTED[scenario.id === "custom" ? suite.custom.expect : scenario.expect]}</p>
                {canRun && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={busy || !suite.number || lines.length === 0}
                    onClick={() => void runAll([scenario.id])}
                    aria-label={`Run ${scenario.title}`}
                    title={lines.length === 0 ? TEST_SUITE_MESSAGES.noCustomLines : undefined}
                  >
                    {queue[0] === scenario.id ? "Running..." : "Run"}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {current && <TestRunSteps run={current} title={`${titleOf(current.scenario)}: steps`} />}
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
                  onClick={() => void show(run.id)}
                  disabled={busy}
                  aria-label={`Show the ${titleOf(run.scenario)} run of ${new Date(run.created_at).toLocaleString()}`}
                >
                  {titleOf(run.scenario)}
                </button>{" "}
                <span className={`badge ${run.status === "passed" ? "badge-positive" : run.status === "failed" ? "badge-negative" : "badge-attention"}`}>
                  {run.status}
                </span>{" "}
                <span className="muted">
                  {new Date(run.created_at).toLocaleString()} {run.verdict ? `· ${run.verdict}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
