import { LIVE_CALL_MESSAGES, type LiveCallResource, liveStateLabel, displayPhone } from "@nikki/core";
import { api, call } from "../../../../lib/client";
import { useResource } from "../../../../lib/use-resource";
import StatusBadge from "../../../ui/StatusBadge";
import RunningTimer from "./RunningTimer";
import "./live.css";

/**
 * "Live now" at the top of Calls (issue 56 §1), for owners and admins: each call in progress with its caller (number,
 * name when known, returning or not), its agent, a running timer, where it is, and Watch. Read again whenever the
 * live channel says a call changed (`changed`), so a call that ends leaves the list.
 */
export default function LiveNow({ changed, onWatch }: { changed: number; onWatch(call: LiveCallResource): void }) {
  const live = useResource(() => call(api.calls.live.$get), { failure: LIVE_CALL_MESSAGES.loadFailed, deps: [changed] });
  const calls = live.data?.calls ?? [];
  if (calls.length === 0) return null;
  return (
    <section className="live-now" aria-labelledby="live-now-title">
      <h3 id="live-now-title">
        <span className="live-dot" aria-hidden="true" /> Live now <span className="muted">({calls.length})</span>
      </h3>
      <ul>
        {calls.map((row) => (
          <li key={row.id} className="live-now-row">
            <div className="live-now-caller">
              <strong>{row.caller.name ?? displayPhone(row.from_number)}</strong>
              {row.caller.name && <span className="muted"> {displayPhone(row.from_number)}</span>}
              {row.caller.returning && (
                <span className="call-returning">
                  <StatusBadge kind="callFlag" status="returning" />
                </span>
              )}
            </div>
            <div className="live-now-meta">
              <span>{liveStateLabel(row.state, row.agent_name ?? "Nikki", row.with)}</span>
              <RunningTimer since={row.started_at} />
            </div>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => onWatch(row)}
              aria-label={`Watch the call from ${displayPhone(row.from_number)}`}
            >
              Watch
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
