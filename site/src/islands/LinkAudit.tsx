import { plural } from "@nikki/core";
import { useEffect, useState } from "react";
import { AUDITED_PAGES, type Finding, runLinkAudit } from "../lib/link-audit";

/** Link Audit (spec 001 §2): the four pages scanned for empty links, anchors to nowhere and images that fail. */
export default function LinkAudit() {
  const [scanned, setScanned] = useState(0);
  const [findings, setFindings] = useState<Finding[]>([]);
  const [running, setRunning] = useState(false);

  async function run() {
    setRunning(true);
    setScanned(0);
    setFindings([]);
    await runLinkAudit((pages, found) => {
      setScanned(pages);
      setFindings(found);
    });
    setRunning(false);
  }
  useEffect(() => void run(), []);

  const errors = findings.filter((finding) => finding.severity === "error").length;
  const warnings = findings.length - errors;
  return (
    <div className="diagnostics">
      <div className="diagnostics-summary card">
        <p role="status" aria-live="polite">
          <strong>
            Pages scanned {scanned} / {AUDITED_PAGES.length}
          </strong>
          <span className={errors ? "diagnostics-failed" : "muted"}>{plural(errors, "error")}</span>
          <span className="muted">{plural(warnings, "warning")}</span>
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={running}>
          {running ? "Scanning…" : "Re-run Audit"}
        </button>
      </div>
      {findings.length ? (
        <div className="audit-table-wrap">
          <table className="audit-table">
            <caption className="sr-only">Link audit results</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Type</th>
                <th scope="col">Element</th>
                <th scope="col">Details</th>
                <th scope="col">Severity</th>
              </tr>
            </thead>
            <tbody>
              {findings.map((finding, index) => (
                <tr key={`${finding.page}-${index}`}>
                  <td>{finding.page}</td>
                  <td>{finding.type}</td>
                  <td>
                    <code>{finding.element}</code>
                  </td>
                  <td>{finding.details}</td>
                  <td>
                    <span className={`health-badge ${finding.severity === "error" ? "fail" : "running"}`}>{finding.severity}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="card diagnostic muted">{running ? "Scanning the pages…" : "No broken links, anchors or images on the four pages."}</p>
      )}
    </div>
  );
}
