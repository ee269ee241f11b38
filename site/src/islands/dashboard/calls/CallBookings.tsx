import { type CallAppointmentResource, zoneName } from "@nikki/core";
import StatusBadge from "../../ui/StatusBadge";

/** Where Appointments opens on the week of a booking (its local date in the business's zone). */
export const appointmentsWeekLink = (appointment: CallAppointmentResource) => `/dashboard/appointments?week=${appointment.start.slice(0, 10)}`;

/** What a call booked: each time in the business's zone, labelled, with its service, code and a link to Appointments. */
export default function CallBookings({ appointments }: { appointments: readonly CallAppointmentResource[] }) {
  if (appointments.length === 0) return null;
  return (
    <>
      <h3>Booked on this call</h3>
      <ul className="call-bookings">
        {appointments.map((appointment) => (
          <li key={appointment.id}>
            <time dateTime={appointment.start}>
              {appointment.label} <span className="muted">({zoneName(appointment.time_zone, "en", new Date(appointment.start))})</span>
            </time>
            <span>
              {appointment.service_name} · code {appointment.confirmation_code} <StatusBadge kind="appointment" status={appointment.status} />
            </span>
            <a href={appointmentsWeekLink(appointment)}>Open in Appointments</a>
          </li>
        ))}
      </ul>
    </>
  );
}
