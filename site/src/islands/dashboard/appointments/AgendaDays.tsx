import { type AppointmentResource, addDays, dateLabel, localParts, timeLabel } from "@nikki/core";
import type { ReactNode } from "react";
import DataTable, { type Column } from "../../ui/DataTable";
import StatusBadge from "../../ui/StatusBadge";
import { AppointmentActions, MadeBy, Who } from "./AppointmentFacts";

/** A day's heading: "Today · Thursday, November 26", with the year when it is not this one. */
export function dayHeading(date: string, today: string): string {
  const label = `${dateLabel(date)}${date.slice(0, 4) === today.slice(0, 4) ? "" : `, ${date.slice(0, 4)}`}`;
  if (date === today) return `Today · ${label}`;
  if (date === addDays(today, 1)) return `Tomorrow · ${label}`;
  return label;
}

/** "3:00 PM – 3:30 PM" in the business's zone. */
export const timeSpan = (appointment: AppointmentResource, zone: string) =>
  `${timeLabel(new Date(appointment.start), zone)} – ${timeLabel(new Date(appointment.end), zone)}`;

/** Bookings by their local date in the business's zone, in the order given (soonest first). */
export function byDay(appointments: readonly AppointmentResource[], zone: string): [string, AppointmentResource[]][] {
  const days = new Map<string, AppointmentResource[]>();
  for (const appointment of appointments) {
    const date = localParts(zone, new Date(appointment.start)).date;
    days.set(date, [...(days.get(date) ?? []), appointment]);
  }
  return [...days];
}

interface Props {
  appointments: readonly AppointmentResource[];
  zone: string;
  today: string;
  /** Owners and admins: Reschedule and Cancel on each held booking. */
  actions: { onReschedule(appointment: AppointmentResource): void; onCancel(appointment: AppointmentResource): void } | null;
  empty: ReactNode;
}

/** The agenda: bookings grouped by day in the business's zone, each a row (a card on a phone). */
export default function AgendaDays({ appointments, zone, today, actions, empty }: Props) {
  if (appointments.length === 0) return <>{empty}</>;
  const columns: Column<AppointmentResource>[] = [
    { header: "Time", cell: (row) => <time dateTime={row.start}>{timeSpan(row, zone)}</time> },
    { header: "Who", cell: (row) => <Who appointment={row} /> },
    { header: "Service", cell: (row) => row.service_name },
    { header: "Made", cell: (row) => <MadeBy appointment={row} /> },
    {
      header: "Status",
      cell: (row) => (
        <>
          <StatusBadge kind="appointment" status={row.status} /> <span className="muted appointment-code">{row.confirmation_code}</span>
        </>
      ),
    },
  ];
  if (actions)
    columns.push({ header: "Actions", hiddenHeader: true, className: "actions", cell: (row) => <AppointmentActions appointment={row} {...actions} /> });
  return (
    <div className="agenda">
      {byDay(appointments, zone).map(([date, rows]) => (
        <section key={date} className="agenda-day" aria-labelledby={`day-${date}`}>
          <h3 id={`day-${date}`}>{dayHeading(date, today)}</h3>
          <DataTable caption={`Appointments on ${dateLabel(date)}`} rows={rows} rowKey={(row) => row.id} columns={columns} empty={null} />
        </section>
      ))}
    </div>
  );
}
