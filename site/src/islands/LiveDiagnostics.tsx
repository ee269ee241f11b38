import { DIAGNOSTIC_CHECKS } from "@nikki/core";
import { useEffect, useState } from "react";
import { type Diagnostic, type DiagnosticStatus, runDiagnostics } from "../lib/diagnostics";

const BADGE: Record<DiagnosticStatus, string> = { pending: "pending", running: "running", pass: "pass", fail: "fail" };
const INITIAL: Diagnostic[] = DIAGNOSTIC_CHECKS.map((name) => ({ name, status: "pending", detail: "" }));

/** Live Diagnostics (spec 001 §2): eight checks run on load, their badges, the passing and failed counts, Re-run Checks. */
export default function LiveDiagnostics() {
  const [checks, setChecks] = useState<Diagnostic[]>(INITIAL);
  const [running, setRunning] = useState(false);

  async function run() {
    setRunning(true);
    setChecks(INITIAL);
    await runDiagnostics(setChecks);
    setRunning(false);
  }
  useEffect(() => void run(), []);

  const passing = checks.filter((check) => check.status === "pass").length;
  const failed = checks.filter((check) => check.status === "fail").length;
  return (
    <div className="diagnostics">
      <div className="diagnostics-summary card">
        <p role="status" aria-live="polite">
          <strong>
            {passing} / {checks.length} passing
          </strong>
          {failed > 0 && <span className="diagnostics-failed">{failed} failed</span>}
          {running && <span className="muted"> · running…</span>}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={running}>
          {running ? "Running…" : "Re-run Checks"}
        </button>
      </div>
      <ul className="diagnostics-list">
        {checks.map((check) => (
          <li key={check.name} className="card diagnostic">
            <span className={`health-badge ${BADGE[check.status]}`}>{check.status}</span>
            <div>
              <strong>{check.name}</strong>
              {check.detail && <p className="muted">{check.detail}</p>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
