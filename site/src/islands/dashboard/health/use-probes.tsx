import { type ProbeResult, type ProbeTarget, canManage, probePassed } from "@nikki/core";
import { type ReactNode, useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import StatusBadge from "../../ui/StatusBadge";

export type Badge = "Not Tested" | "Checking..." | "Healthy" | "Not set (optional)" | "Error";

export interface ProbeRow {
  target: ProbeTarget;
  name: string;
  detail: ReactNode;
}

export interface Checked {
  badge: Badge;
  status: number | null;
  ms: number | null;
  /** Why it failed, in words: the server's ("Not a Nikki voice bridge", "Answered 302: a redirect…"), "Status {code}", "Network error". */
  problem: string | null;
  /** What the endpoint answered, when it says something worth showing (the sender number, the bridge's words). */
  said: string | null;
}

const UNTESTED: Checked = { badge: "Not Tested", status: null, ms: null, problem: null, said: null };

/** Targets whose answer the server words itself (a bridge's, a CRM webhook's, the sender's): the page shows it as said. */
const WORDED: ProbeTarget[] = ["bridge_health", "crm_webhook", "sms_sender"];

function problemOf(probe: ProbeResult): string {
  if (probe.status === 0) return probe.body || "Endpoint unreachable";
  if (WORDED.includes(probe.target) && probe.body) return probe.body;
  if (probe.status === 200 && (probe.target === "voice_inbound" || probe.target === "messaging_inbound"))
    return `Got ${probe.status} with ${probe.content_type ?? "no content type"}, expected 200 with text/xml`;
  return `Status ${probe.status}`;
}

/** The operator pages' checks: each runs the health probe route on the server and keeps its badge, status and time. */
export function useProbes() {
  const [checked, setChecked] = useState<Record<string, Checked>>({});
  const [running, setRunning] = useState<string | null>(null);
  const set = (target: string, state: Checked) => setChecked((all) => ({ ...all, [target]: state }));

  async function check(row: Pick<ProbeRow, "target">): Promise<Checked> {
    setRunning(row.target);
    set(row.target, { ...UNTESTED, badge: "Checking..." });
    const result = await call(api.health.probe.$post, undefined, { target: row.target });
    setRunning(null);
    let state: Checked;
    if (!result.ok) state = { ...UNTESTED, badge: "Error", problem: result.status === 0 ? "Network error" : (result.error?.message ?? "Network error") };
    else {
      const probe: ProbeResult = result.data.probe;
      const passed = probePassed(probe);
      const said = WORDED.includes(probe.target) ? probe.body || null : null;
      if (probe.not_set) state = { ...UNTESTED, badge: "Not set (optional)" };
      else state = { badge: passed ? "Healthy" : "Error", status: probe.status || null, ms: probe.ms, problem: passed ? null : problemOf(probe), said };
    }
    set(row.target, state);
    return state;
  }

  const stateOf = (target: string) => checked[target] ?? UNTESTED;
  return { check, running, stateOf };
}

/** The checks of an operator page as a list; each row's Test runs `onTest` (the page decides what to say). */
export function ProbeList({
  rows,
  probes,
  busy,
  onTest,
}: {
  rows: ProbeRow[];
  probes: ReturnType<typeof useProbes>;
  busy: boolean;
  onTest?(row: ProbeRow): void;
}) {
  return (
    <ul className="endpoint-list">
      {rows.map((row) => (
        <ProbeRowView
          key={row.target}
          row={row}
          state={probes.stateOf(row.target)}
          running={probes.running === row.target}
          disabled={busy || probes.running !== null}
          onTest={() => void (onTest ? onTest(row) : probes.check(row))}
        />
      ))}
    </ul>
  );
}

/** One check's row: name, what it checks, badge, status and time, and its Test button. */
function ProbeRowView({ row, state, running, disabled, onTest }: { row: ProbeRow; state: Checked; running: boolean; disabled: boolean; onTest(): void }) {
  return (
    <li className="endpoint-row" aria-labelledby={`endpoint-${row.target}`}>
      <div className="endpoint-main">
        <h3 id={`endpoint-${row.target}`}>{row.name}</h3>
        {row.detail}
        {state.problem && <p className="field-error">{state.problem}</p>}
        {!state.problem && state.said && <p className="muted">{state.said}</p>}
      </div>
      <div className="endpoint-state">
        <StatusBadge kind="probe" status={state.badge} />
        <span className="muted">
          {state.status !== null ? `Status ${state.status}` : "—"} · {state.ms !== null ? `${state.ms} ms` : "—"}
        </span>
        <button type="button" className="btn btn-secondary btn-sm" disabled={disabled} onClick={onTest} aria-label={`Test ${row.name}`}>
          {running ? "Testing..." : "Test"}
        </button>
      </div>
    </li>
  );
}

/** Whether the signed-in user may run the operator checks (owners and admins); null while loading. */
export function useCanOperate(): boolean | null {
  const me = useMe();
  return me === undefined ? null : canManage(me?.role);
}
