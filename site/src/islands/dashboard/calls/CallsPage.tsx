import { CALL_MESSAGES, type CallResource } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { loadMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import { useLiveCalls } from "../../../lib/use-live-calls";
import { LoadMore, usePagedList } from "../../../lib/use-paged-list";
import LoadPending from "../LoadPending";
import CallDetail from "./CallDetail";
import CallFilters, { type Filters, NO_FILTERS, filterQuery } from "./CallFilters";
import "../../dialog.css";
import "../../form.css";
import "../agents/agents.css";
import "./calls.css";

const SEARCH_DELAY_MS = 300;
const LIVE_RELOAD_MS = 250;
const PROCESSING = { pending: "Processing...", processed: "AI Generated", failed: "Failed" } as const;

const minutes = (seconds: number | null) => (seconds === null ? "—" : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`);

/** Calls (spec 001 §2): the organization's calls, filtered on the server, 50 at a time, each opening its detail. */
export default function CallsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(
    (page: { calls: CallResource[]; next_cursor: string | null }) => ({ items: page.calls, next_cursor: page.next_cursor }),
    CALL_MESSAGES.loadFailed,
  );
  const calls = list.items;
  const [open, setOpen] = useState<string | null>(null);
  const [canAct, setCanAct] = useState(false);
  const [changed, setChanged] = useState(0);
  const load = (next: Filters) => list.load(`/api/calls${filterQuery(next)}`);

  // A link to one call (an alert's, a test run's) opens its detail.
  useEffect(() => setOpen(new URLSearchParams(window.location.search).get("call")), []);
  useEffect(() => {
    void loadMe().then((me) => setCanAct(me?.role === "owner" || me?.role === "admin"));
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(filters), filters.q ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [filters]);

  // Live: a call inserted or changed reloads the list as filtered (debounced), and its detail if it is open.
  const pendingReload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveCalls((event) => {
    if (event.processing_status === "processed") toast({ title: "Call Processed", description: "Its summary and details are ready." });
    clearTimeout(pendingReload.current);
    pendingReload.current = setTimeout(() => void load(filters), LIVE_RELOAD_MS);
    if (event.id === open) setChanged((count) => count + 1);
  });

  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <section className="card panel" aria-labelledby="calls-title">
      <div className="panel-head">
        <div>
          <h2 id="calls-title">Call history</h2>
          <p>Every call your receptionist answered or placed, newest first. Open one for its recording, transcript and summary.</p>
        </div>
      </div>
      <CallFilters filters={filters} onChange={setFilters} />
      {calls === null ? (
        <LoadPending failed={list.failed} failure={CALL_MESSAGES.loadFailed} loading="Loading calls…" onRetry={() => void load(filters)} />
      ) : calls.length === 0 ? (
        <div className="dash-empty">
          <p>{filtered ? "No calls match these filters." : CALL_MESSAGES.empty}</p>
          {filtered ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </button>
          ) : (
            <a className="btn btn-secondary btn-sm" href="/dashboard/numbers">
              Place a test call
            </a>
          )}
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table call-table">
              <caption className="sr-only">Calls</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Caller</th>
                  <th scope="col">Agent</th>
                  <th scope="col">Length</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Status</th>
                  <th scope="col">AI</th>
                </tr>
              </thead>
              <tbody>
                {calls.map((call) => (
                  <tr key={call.id}>
                    <td data-label="When">
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setOpen(call.id)}
                        aria-label={`Open the call from ${call.from_number} at ${new Date(call.created_at).toLocaleString()}`}
                      >
                        {new Date(call.created_at).toLocaleString()}
                      </button>
                      {call.after_hours && <span className="badge badge-attention">After hours</span>}
                      {call.kind !== "conversation" && <span className="badge badge-neutral">{call.kind}</span>}
                    </td>
                    <td data-label="Caller">{call.from_number}</td>
                    <td data-label="Agent">{call.agent_name ?? "—"}</td>
                    <td data-label="Length">{minutes(call.duration_seconds)}</td>
                    <td data-label="Outcome" className="capitalize">
                      {call.outcome}
                    </td>
                    <td data-label="Status" className="capitalize">
                      {call.status.replace(/-/g, " ")}
                    </td>
                    <td data-label="AI">{PROCESSING[call.processing_status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore list={list} path={(cursor) => `/api/calls${filterQuery(filters, cursor)}`} />
        </>
      )}
      <CallDetail callId={open} changed={changed} canAct={canAct} onClose={() => setOpen(null)} />
    </section>
  );
}
