import { APPOINTMENTS_EMPTY, type AppointmentResource, canManage, isLocalDate } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { useLiveAppointments } from "../../../lib/use-live-events";
import { usePagedResource, useResource } from "../../../lib/use-resource";
import EmptyState, { NoMatches } from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import ConfirmDialog from "../ConfirmDialog";
import AgendaDays from "./AgendaDays";
import AppointmentDetail from "./AppointmentDetail";
import AppointmentFilters, { type Filters, NO_FILTERS, appointmentQuery, todayIn } from "./AppointmentFilters";
import { changeToast } from "./booking-submit";
import NewAppointmentDialog from "./NewAppointmentDialog";
import RescheduleDialog from "./RescheduleDialog";
import WeekView from "./WeekView";
import { useOpeningKey } from "../../ui/opening-key";
import "../../form.css";
import "../agents/agents.css";
import "../calls/calls.css";
import "./appointments.css";

const LOAD_FAILED = "Failed to load appointments";
const LIVE_RELOAD_MS = 250;

/**
 * Appointments (issue 35 §6): the agenda soonest first by day and a week view, in the business's time zone, filtered on
 * the server; owners and admins book by hand, reschedule and cancel; live through the events channel.
 */
export default function AppointmentsPage() {
  const me = useMe();
  const canAct = canManage(me?.role);
  const { zone, zoneName } = useBusinessTime();
  const today = zone ? todayIn(zone) : "";
  const [view, setView] = useState<"agenda" | "week">("agenda");
  // The week the week view opens on (a link from a call's booking names its day), else this one.
  const [weekOf, setWeekOf] = useState<string | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Bumped by a live event or a change made here: the agenda and the week read again.
  const [changed, setChanged] = useState(0);
  const agenda = usePagedResource(
    (cursor) => call(api.appointments.$get, { query: appointmentQuery(filters, today, cursor) }),
    (page) => ({ items: page.appointments, next_cursor: page.next_cursor }),
    { failure: LOAD_FAILED, deps: [filters, today, changed], skip: !zone || view !== "agenda" },
  );
  const services = useResource(() => call(api.services.$get), { failure: "Failed to load services" });
  // Whether the organization has had any appointment at all (canceled or past too): the empty agenda says "yet" only
  // when it has not.
  const everBooked = useResource(() => call(api.appointments.$get, { query: { status: "all" } }), { failure: LOAD_FAILED, deps: [changed] });
  const agents = useResource(() => call(api.agents.$get), { failure: "Failed to load agents", skip: !canAct, deps: [canAct] });
  const [creating, setCreating] = useState(false);
  const creatingKey = useOpeningKey(creating);
  const [open, setOpen] = useState<AppointmentResource | null>(null);
  const [moving, setMoving] = useState<AppointmentResource | null>(null);
  const [canceling, setCanceling] = useState<AppointmentResource | null>(null);
  const cancel = useAction();

  const pendingReload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    clearTimeout(pendingReload.current);
    pendingReload.current = setTimeout(() => setChanged((count) => count + 1), LIVE_RELOAD_MS);
  };
  useLiveAppointments(refresh);

  useEffect(() => {
    const week = new URLSearchParams(window.location.search).get("week");
    if (week && isLocalDate(week)) {
      setWeekOf(week);
      setView("week");
    }
  }, []);

  async function confirmCancel() {
    if (!canceling) return;
    const done = await cancel.run({
      key: canceling.id,
      request: () => call(api.appointments[":id"].$patch, { param: { id: canceling.id } }, { status: "canceled" }),
      failure: "Failed to cancel the appointment.",
      success: (answer) => changeToast("canceled", "Appointment Canceled", answer.appointment.name, answer),
    });
    if (!done) return;
    setCanceling(null);
    refresh();
  }

  const actions = canAct
    ? {
        onReschedule: (appointment: AppointmentResource) => {
          setOpen(null);
          setMoving(appointment);
        },
        onCancel: (appointment: AppointmentResource) => {
          setOpen(null);
          setCanceling(appointment);
        },
      }
    : null;
  const serviceOptions = services.data?.services ?? [];
  const agentOptions = canAct ? (agents.data?.agents ?? []) : null;
  const newButton = canAct && (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)} disabled={!zone || !services.data}>
      New appointment
    </button>
  );
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const empty = filtered ? (
    <NoMatches message="No appointments match these filters." onClear={() => setFilters(NO_FILTERS)} />
  ) : everBooked.data?.appointments.length ? (
    <EmptyState message={APPOINTMENTS_EMPTY.noneBooked}>
      <p className="muted">{APPOINTMENTS_EMPTY.elsewhere}</p>
      {newButton}
    </EmptyState>
  ) : (
    <EmptyState message={APPOINTMENTS_EMPTY.never(canAct)}>
      {newButton || <p className="muted">Your receptionist books callers into free times within your opening hours.</p>}
    </EmptyState>
  );

  return (
    <section className="card panel" aria-labelledby="appointments-title">
      <div className="panel-head">
        <div>
          <h2 id="appointments-title">Bookings</h2>
          <p>
            Bookings made on calls, on the caller's manage page, or by hand, soonest first.
            {zoneName && ` Times are in ${zoneName}.`}
          </p>
        </div>
        {newButton}
      </div>
      <div className="appointments-bar">
        <div className="view-switch" role="group" aria-label="View">
          {(["agenda", "week"] as const).map((choice) => (
            <button key={choice} type="button" className="btn btn-secondary btn-sm" aria-pressed={view === choice} onClick={() => setView(choice)}>
              {choice === "agenda" ? "Agenda" : "Week"}
            </button>
          ))}
        </div>
        <AppointmentFilters filters={filters} onChange={setFilters} services={serviceOptions} agents={agentOptions} span={view === "agenda"} />
      </div>
      {view === "agenda" ? (
        <Loaded resource={agenda} loading="Loading appointments…">
          {({ items }) => (
            <>
              <AgendaDays appointments={items} zone={zone ?? ""} today={today} actions={actions} empty={empty} />
              <LoadMore list={agenda} />
            </>
          )}
        </Loaded>
      ) : (
        zone && <WeekView filters={filters} zone={zone} today={today} weekOf={weekOf ?? today} changed={changed} onOpen={setOpen} />
      )}
      <AppointmentDetail appointment={open} zone={zone ?? ""} onClose={() => setOpen(null)} actions={actions} />
      {canAct && zone && (
        <>
          <NewAppointmentDialog
            key={creatingKey}
            open={creating}
            onClose={() => setCreating(false)}
            onBooked={refresh}
            services={serviceOptions}
            agents={agentOptions ?? []}
            zone={zone}
          />
          <RescheduleDialog appointment={moving} onClose={() => setMoving(null)} onMoved={refresh} zone={zone} />
          <ConfirmDialog
            open={canceling !== null}
            title="Cancel appointment"
            message={
              canceling
                ? `Cancel ${canceling.name}'s ${canceling.service_name}? The time becomes free again, and they get a text if your organization can send one.`
                : ""
            }
            confirmLabel="Cancel appointment"
            pending={canceling ? cancel.busy(canceling.id) : false}
            onConfirm={() => void confirmCancel()}
            onCancel={() => setCanceling(null)}
          />
        </>
      )}
    </section>
  );
}
