import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES } from "@nikki/core";

export interface Filters {
  status: string;
  kind: string;
  outcome: string;
  after_hours: boolean;
  q: string;
  date_from: string;
  date_to: string;
}

export const NO_FILTERS: Filters = { status: "all", kind: "", outcome: "", after_hours: false, q: "", date_from: "", date_to: "" };

/** The query string the server filters by (only what is set). */
export function filterQuery(filters: Filters, cursor?: string | null): string {
  const query = new URLSearchParams();
  if (filters.status !== "all") query.set("status", filters.status);
  if (filters.kind) query.set("kind", filters.kind);
  if (filters.outcome) query.set("outcome", filters.outcome);
  if (filters.after_hours) query.set("after_hours", "true");
  if (filters.q.trim()) query.set("q", filters.q.trim());
  if (filters.date_from) query.set("date_from", filters.date_from);
  if (filters.date_to) query.set("date_to", filters.date_to);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `?${text}` : "";
}

const label = (value: string) => value.replace(/-/g, " ").replace(/^./, (first) => first.toUpperCase());

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
        <select value={filters.status} onChange={(event) => set("status", event.target.value)}>
          <option value="all">All</option>
          {CALL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {label(status)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Outcome</span>
        <select value={filters.outcome} onChange={(event) => set("outcome", event.target.value)}>
          <option value="">Any</option>
          {CALL_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {label(outcome)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Kind</span>
        <select value={filters.kind} onChange={(event) => set("kind", event.target.value)}>
          <option value="">Any</option>
          {CALL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {label(kind)}
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
