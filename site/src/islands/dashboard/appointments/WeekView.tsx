import { type AppointmentResource, addDays, dateLabel, timeLabel } from "@nikki/core";
import { useState } from "react";
import { type ApiResult, type DataOf, api, call } from "../../../lib/client";
import { useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import { type Filters, appointmentQuery, mondayOf } from "./AppointmentFilters";
import { byDay, dayHeading } from "./AgendaDays";

/** At most this many pages of a week are read (50 bookings each). */
const WEEK_PAGES = 10;

/** Every booking of a week (from Monday's midnight to the next Monday's, in the business's zone), page after page. */
async function readWeek(filters: Filters, today: string, monday: string): Promise<ApiResult<AppointmentResource[]>> {
  const all: AppointmentResource[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < WEEK_PAGES; page++) {
    const result: ApiResult<DataOf<typeof api.appointments.$get>> = await call(api.appointments.$get, {
      query: appointmentQuery(filters, today, cursor, { from: monday, to: addDays(monday, 7) }),
    });
    if (!result.ok) return result;
    all.push(...result.data.appointments);
    cursor = result.data.next_cursor;
    if (!cursor) break;
  }
  return { ok: true, status: 200, data: all };
}

const shortDay = (date: string) => dateLabel(date).replace(/^(\w{3})\w*, (\w{3})\w*/, "$1 $2");

/**
 * The week view: seven columns, Monday first, with the previous and next week and today; on a phone the days stack
 * into a list. Each booking opens its detail.
 */
export default function WeekView({
  filters,
  zone,
  today,
  weekOf,
  changed,
  onOpen,
}: {
  filters: Filters;
  zone: string;
  today: string;
  /** A day of the week it opens on. */
  weekOf: string;
  /** Read again when this changes (a live event, a change made here). */
  changed: number;
  onOpen(appointment: AppointmentResource): void;
}) {
  const [monday, setMonday] = useState(() => mondayOf(weekOf));
  const week = useResource(() => readWeek(filters, today, monday), { failure: "Failed to load appointments", deps: [filters, monday, changed] });
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const title = `${shortDay(days[0]!)} – ${shortDay(days[6]!)}, ${days[6]!.slice(0, 4)}`;
  return (
    <div className="week">
      <div className="week-nav" role="group" aria-label="Week">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMonday(addDays(monday, -7))}>
          <span aria-hidden="true">‹ </span>Previous week
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMonday(mondayOf(today))} disabled={monday === mondayOf(today)}>
          This week
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMonday(addDays(monday, 7))}>
          Next week<span aria-hidden="true"> ›</span>
        </button>
        <h3 className="week-title" aria-live="polite">
          {title}
        </h3>
      </div>
      <Loaded resource={week} loading="Loading the week…">
        {(rows) => {
          const held = new Map(byDay(rows, zone));
          return (
            <div className="week-grid">
              {days.map((date) => {
                const list = held.get(date) ?? [];
                return (
                  <section key={date} className={date === today ? "week-day week-today" : "week-day"} aria-labelledby={`week-${date}`}>
                    <h4 id={`week-${date}`}>
                      <span className="wide-only">{shortDay(date)}</span>
                      <span className="narrow-only">{dayHeading(date, today)}</span>
                    </h4>
                    {list.length === 0 ? (
                      <p className="muted week-free">No appointments</p>
                    ) : (
                      <ul>
                        {list.map((appointment) => (
                          <li key={appointment.id}>
                            <button
                              type="button"
                              className={`week-item week-item-${appointment.status}`}
                              onClick={() => onOpen(appointment)}
                              aria-label={`${appointment.name}, ${appointment.service_name}, ${timeLabel(new Date(appointment.start), zone)}${appointment.status === "canceled" ? ", canceled" : ""}`}
                            >
                              <time dateTime={appointment.start}>{timeLabel(new Date(appointment.start), zone)}</time>
                              <span className="week-item-name">{appointment.name}</span>
                              <span className="week-item-service">{appointment.service_name}</span>
                              {appointment.status === "canceled" && <StatusBadge kind="appointment" status="canceled" />}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </section>
                );
              })}
            </div>
          );
        }}
      </Loaded>
    </div>
  );
}
