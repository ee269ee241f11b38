import { CALL_MESSAGES, type LiveCallResource, canManage, processingShown, displayPhone } from "@nikki/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import { useLiveCalls } from "../../../lib/use-live-events";
import { usePagedResource } from "../../../lib/use-resource";
import DataTable from "../../ui/DataTable";
import EmptyState, { NoMatches } from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import CallDetail from "./CallDetail";
import CallFlags from "./CallFlags";
import CallerCell from "./CallerCell";
import CallFilters, { type Filters, NO_FILTERS, callQuery } from "./CallFilters";
import LiveCallPanel from "./live/LiveCallPanel";
import LiveListen from "./live/LiveListen";
import LiveNow from "./live/LiveNow";
import "../../form.css";
import "../agents/agents.css";
import "./calls.css";

type Call = DataOf<typeof api.calls.$get>["calls"][number];

const SEARCH_DELAY_MS = 300;
const LIVE_RELOAD_MS = 250;

const minutes = (seconds: number | null) => (seconds === null ? "—" : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`);

/** Calls (spec 001 §2): the organization's calls, filtered on the server, 50 at a time, each opening its detail. */
export default function CallsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const calls = usePagedResource(
    (cursor) => call(api.calls.$get, { query: callQuery(filters, cursor) }),
    (page) => ({ items: page.calls, next_cursor: page.next_cursor }),
    { failure: CALL_MESSAGES.loadFailed, deps: [filters], delayMs: filters.q ? SEARCH_DELAY_MS : 0 },
  );
  const [open, setOpen] = useState<string | null>(null);
  const canAct = canManage(useMe()?.role);
  const [changed, setChanged] = useState(0);
  const [liveChanged, setLiveChanged] = useState(0);
  const [watching, setWatching] = useState<LiveCallResource | null>(null);
  const time = useBusinessTime();
  // A watched call that ends turns into its detail.
  const watchedEnded = useCallback((callId: string) => {
    setWatching(null);
    setOpen(callId);
  }, []);

  // A link to one call (an alert's, a test run's) opens its detail.
  useEffect(() => setOpen(new URLSearchParams(window.location.search).get("call")), []);

  // Live: a call inserted or changed reloads the list as filtered (debounced), and its detail if it is open.
  const pendingReload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveCalls((event) => {
    if (event.processing_status === "processed") toast({ title: "Call Processed", description: "Its summary and details are ready." });
    clearTimeout(pendingReload.current);
    pendingReload.current = setTimeout(() => {
      void calls.reload();
      setLiveChanged((count) => count + 1);
    }, LIVE_RELOAD_MS);
    if (event.id === open) setChanged((count) => count + 1);
  });

  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const empty = filtered ? (
    <NoMatches message="No calls match these filters." onClear={() => setFilters(NO_FILTERS)} />
  ) : (
    <EmptyState message={CALL_MESSAGES.empty}>
      {canAct && (
        <a className="btn btn-secondary btn-sm" href="/dashboard/numbers">
          Place a test call
        </a>
      )}
    </EmptyState>
  );
  return (
    <section className="card panel" aria-labelledby="calls-title">
      <div className="panel-head">
        <div>
          <h2 id="calls-title">Call history</h2>
          <p>
            Every call your receptionist answered or placed, newest first. Open one for its recording, transcript and summary.
            {time.zoneName && ` Times are in ${time.zoneName}.`}
          </p>
        </div>
      </div>
      {canAct && <LiveNow changed={liveChanged} onWatch={setWatching} />}
      <CallFilters filters={filters} onChange={setFilters} />
      <Loaded resource={calls} loading="Loading calls…">
        {({ items }) => (
          <>
            <DataTable
              caption="Calls"
              rows={items}
              rowKey={(row: Call) => row.id}
              empty={empty}
              onRowClick={(row) => setOpen(row.id)}
              columns={[
                {
                  header: "When",
                  cell: (row) => (
                    <>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setOpen(row.id)}
                        aria-label={`Open the call from ${displayPhone(row.from_number)} at ${time.dateTime(row.created_at)}`}
                      >
                        {time.dateTime(row.created_at)}
                      </button>
                      <CallFlags call={row} zone={time.zone} />
                    </>
                  ),
                },
                { header: "Caller", cell: (row) => <CallerCell call={row} /> },
                { header: "Agent", cell: (row) => row.agent_name ?? "—" },
                { header: "Length", cell: (row) => minutes(row.duration_seconds) },
                { header: "Outcome", cell: (row) => <StatusBadge kind="callOutcome" status={row.outcome} /> },
                { header: "Status", cell: (row) => <StatusBadge kind="call" status={row.status} /> },
                { header: "AI", cell: (row) => <StatusBadge kind="processing" status={processingShown(row)} /> },
              ]}
            />
            <LoadMore list={calls} />
          </>
        )}
      </Loaded>
      <LiveCallPanel
        call={watching}
        canAct={canAct}
        onEnded={watchedEnded}
        onClose={() => setWatching(null)}
        listen={(callId, view) => <LiveListen callId={callId} callState={view?.state ?? null} withWhom={view?.with ?? null} />}
      />
      <CallDetail callId={open} changed={changed} canAct={canAct} onClose={() => setOpen(null)} />
    </section>
  );
}
