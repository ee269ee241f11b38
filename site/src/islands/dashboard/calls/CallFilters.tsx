import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES, statusLook } from "@nikki/core";
import type { InferRequestType } from "hono/client";
import type { api } from "../../../lib/client";

type CallQuery = InferRequestType<typeof api.calls.$get>["query"];

export interface Filters {
  status: "all" | (typeof CALL_STATUSES)[number];
  kind: "" | (typeof CALL_KINDS)[number];
  outcome: "" | (typeof CALL_OUTCOMES)[number];
  after_hours: boolean;
  q: string;
  date_from: string;
  date_to: string;
}

export const NO_FILTERS: Filters = { status: "all", kind: "", outcome: "", after_hours: false, q: "", date_from: "", date_to: "" };

/** The query the server filters by (only what is set), and the page after `cursor`. */
export function callQuery(filters: Filters, cursor: string | null): CallQuery {
  return {
    ...(filters.status !== "all" ? { status: filters.status } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.after_hours ? { after_hours: "true" as const } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.date_from ? { date_from: filters.date_from } : {}),
    ...(filters.date_to ? { date_to: filters.date_to } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The call list's filters, applied on the server as they change. */
export default function CallFilters({ filters, onChange }: { filters: Filters; onChange(filters: Filters): void }) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  return (
    <form className="call-filters" role="search" aria-label="Filter calls" onSubmit={(event) => event.preventDefault()}>
      <label>
        <span>Search</span>
        <input type="search" placeholder="Number or name" value={filters.q} onChange={(event) => set("q", event.target.value)} />
      </label>
      <label>
        <span>Status</span>
        <select value={filters.status} onChange={(event) => set("status", event.target.value as Filters["status"])}>
          <option value="all">All</option>
          {CALL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLook("call", status).label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Outcome</span>
        <select value={filters.outcome} onChange={(event) => set("outcome", event.target.value as Filters["outcome"])}>
          <option value="">Any</option>
          {CALL_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {statusLook("callOutcome", outcome).label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Kind</span>
        <select value={filters.kind} onChange={(event) => set("kind", event.target.value as Filters["kind"])}>
          <option value="">Any</option>
          {CALL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {statusLook("callKind", kind).label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>From</span>
        <input type="date" value={filters.date_from} onChange={(event) => set("date_from", event.target.value)} />
      </label>
      <label>
        <span>To</span>
        <input type="date" value={filters.date_to} onChange={(event) => set("date_to", event.target.value)} />
      </label>
      <label className="call-filter-check">
        <input type="checkbox" checked={filters.after_hours} onChange={(event) => set("after_hours", event.target.checked)} />
        <span>After hours only</span>
      </label>
    </form>
  );
}
