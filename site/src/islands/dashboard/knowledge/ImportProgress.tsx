import { type KnowledgeImportResource, importOutcome, importProgress, plural } from "@nikki/core";

/**
 * An import as it runs ("12 of 31 pages"), then how it ended: the pages new, changed and unchanged and the sections
 * added (and why it stopped early, at the plan's limit), or why it failed; each page's failure with its reason.
 */
export default function ImportProgress({ run }: { run: KnowledgeImportResource }) {
  const active = run.status === "queued" || run.status === "running";
  const share = run.pages_total > 0 ? Math.round((run.pages_done / run.pages_total) * 100) : 0;
  return (
    <div className="import-progress" aria-live="polite">
      {active && (
        <>
          <p className="import-progress-line">
            <span className="spinner" aria-hidden="true" />{" "}
            {run.pages_total > 0 ? `Importing: ${importProgress(run.pages_done, run.pages_total)}` : "Looking at your website…"}
          </p>
          <progress max={100} value={share} aria-label="Import progress" />
        </>
      )}
      {run.status === "done" && <p className="import-result import-result-done">Done: {importOutcome(run)}</p>}
      {run.status === "done" && run.error && <p className="import-result import-result-failed">{run.error}</p>}
      {run.status === "failed" && <p className="import-result import-result-failed">{run.error}</p>}
      {run.failures.length > 0 && (
        <details className="import-failures" open={!active}>
          <summary>{plural(run.failures.length, "page was", "pages were")} not imported</summary>
          <ul>
            {run.failures.map((failure) => (
              <li key={failure.url}>
                <span className="import-failure-url">{failure.url}</span>: {failure.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
