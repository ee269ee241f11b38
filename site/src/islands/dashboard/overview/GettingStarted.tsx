import { GETTING_STARTED_STEPS } from "@nikki/core";
import type { DataOf, api } from "../../../lib/client";

type GettingStartedResource = DataOf<(typeof api.org)["getting-started"]["$get"]>;

/** The setup checklist (issue 9 §4): each step ticked from real data, each linking to where it is done. */
export default function GettingStarted({ progress }: { progress: GettingStartedResource }) {
  const done = new Set(progress.steps.filter((step) => step.done).map((step) => step.id));
  const next = GETTING_STARTED_STEPS.find((step) => !done.has(step.id));
  return (
    <section className="card panel" aria-labelledby="getting-started-title">
      <div className="panel-head">
        <div>
          <h2 id="getting-started-title">Getting started</h2>
          <p className="muted">
            {done.size} of {GETTING_STARTED_STEPS.length} done. {next ? `Next: ${next.label.toLowerCase()}.` : ""}
          </p>
        </div>
      </div>
      <ol className="checklist">
        {GETTING_STARTED_STEPS.map((step) => {
          const complete = done.has(step.id);
          return (
            <li key={step.id} className={`checklist-step${complete ? " checklist-done" : ""}${step === next ? " checklist-next" : ""}`}>
              <span className="checklist-mark" aria-hidden="true">
                {complete ? "✓" : ""}
              </span>
              <div>
                <a href={step.href} className="checklist-link">
                  {step.label}
                  <span className="sr-only">{complete ? " (done)" : " (to do)"}</span>
                </a>
                <p className="muted">{step.hint}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
