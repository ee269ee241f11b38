import { useEffect, useState } from "react";
import { type Diagnostic, runDiagnostics } from "../lib/diagnostics";

/** The red "Telephony Not Fully Configured" warning: shown only when one of /live/diagnostics' checks fails, and linking there. */
export default function TelephonyWarning() {
  const [failed, setFailed] = useState<Diagnostic[]>([]);
  useEffect(
    () =>
      void runDiagnostics().then((checks) => {
        const failing = checks.filter((check) => check.status === "fail");
        setFailed(failing);
        // Said on the page too, so a reader (or a test) knows the checks have run and how they came out.
        document.body.dataset.telephonyChecks = failing.length ? "fail" : "pass";
      }),
    [],
  );
  if (!failed.length) return null;
  return (
    <div className="telephony-warning" role="alert">
      <strong>Telephony Not Fully Configured</strong>
      <ul>
        {failed.map((check) => (
          <li key={check.name}>
            {check.name}: {check.detail}
          </li>
        ))}
      </ul>
      <a href="/live/diagnostics">See the live diagnostics</a>
    </div>
  );
}
