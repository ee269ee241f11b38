import { APPOINTMENT_STATUSES, addDays, localParts, statusLook } from "@nikki/core";
import type { InferRequestType } from "hono/client";
import type { api } from "../../../lib/client";
import OptionSelect, { type Option } from "./OptionSelect";

type AppointmentQuery = InferRequestType<typeof api.appointments.$get>["query"];

export interface Filters {
  /** The agenda's span: from today on, before today, or every booking. */
  when: "upcoming" | "past" | "all";
  status: "all" | (typeof APPOINTMENT_STATUSES)[number];
  agent_id: string;
  service_id: string;
}

/** The agenda as it opens: what is still booked, from today on. */
export const NO_FILTERS: Filters = { when: "upcoming", status: "booked", agent_id: "", service_id: "" };

/** Today's date (YYYY-MM-DD) in the business's time zone. */
export const todayIn = (zone: string) => localParts(zone, new Date()).date;

/**
 * The query the server filters by: the span as local dates (their midnights in the business's zone), the status, the
 * agent and the service (only what is set), and the page after `cursor`. `days` pins the span (the week view).
 */
export function appointmentQuery(filters: Filters, today: string, cursor: string | null, days?: { from: string; to: string }): AppointmentQuery {
  const span = days ?? (filters.when === "upcoming" ? { from: today } : filters.when === "past" ? { to: today } : {});
  return {
    ...span,
    status: filters.status,
    ...(filters.agent_id ? { agent_id: filters.agent_id } : {}),
    ...(filters.service_id ? { service_id: filters.service_id } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The Monday (YYYY-MM-DD) of the week holding a local date. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The agenda's filters, applied on the server as they change. Agents are listed for owners and admins only. */
export default function AppointmentFilters({
  filters,
  onChange,
  services,
  agents,
  span,
}: {
  filters: Filters;
  onChange(filters: Filters): void;
  services: readonly Option[];
  agents: readonly Option[] | null;
  /** Whether the span filter applies (the agenda; the week view has its own week). */
  span: boolean;
}) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  return (
    <form className="call-filters" role="search" aria-label="Filter appointments" onSubmit={(event) => event.preventDefault()}>
      {span && (
        <label>
          <span>When</span>
          <select value={filters.when} onChange={(event) => set("when", event.target.value as Filters["when"])}>
            <option value="upcoming">Upcoming</option>
            <option value="past">Past</option>
            <option value="all">All dates</option>
          </select>
        </label>
      )}
      <label>
        <span>Status</span>
        <select value={filters.status} onChange={(event) => set("status", event.target.value as Filters["status"])}>
          {APPOINTMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLook("appointment", status).label}
            </option>
          ))}
          <option value="all">All</option>
        </select>
      </label>
      <label>
        <span>Service</span>
        <OptionSelect value={filters.service_id} onChange={(value) => set("service_id", value)} options={services} none="Any" />
      </label>
      {agents && (
        <label>
          <span>Agent</span>
          <OptionSelect value={filters.agent_id} onChange={(value) => set("agent_id", value)} options={agents} none="Any" />
        </label>
      )}
    </form>
  );
}
