import { displayPhone } from "@nikki/core";
import type { AppointmentResource } from "@nikki/core";
import StatusBadge from "../../ui/StatusBadge";

/** The link that opens the call a booking was made on, in Calls. */
export const callLink = (callId: string) => `/dashboard/calls?call=${encodeURIComponent(callId)}`;

/** How a booking was made, and its call when it was made on one. */
export function MadeBy({ appointment }: { appointment: AppointmentResource }) {
  return (
    <span className="appointment-made">
      <StatusBadge kind="appointmentSource" status={appointment.source} />
      {appointment.call_id && (
        <a href={callLink(appointment.call_id)} aria-label={`Open the call ${appointment.name} booked on`}>
          View call
        </a>
      )}
    </span>
  );
}

/** Who booked: the name, and the phone as a link to call them. */
export function Who({ appointment }: { appointment: AppointmentResource }) {
  return (
    <span className="appointment-who">
      <strong>{appointment.name}</strong>
      <a className="phone-number" href={`tel:${appointment.phone}`}>
        {displayPhone(appointment.phone)}
      </a>
    </span>
  );
}

/** Reschedule and Cancel, for owners and admins, while a booking is held and has not ended. */
export function AppointmentActions({
  appointment,
  onReschedule,
  onCancel,
}: {
  appointment: AppointmentResource;
  onReschedule(appointment: AppointmentResource): void;
  onCancel(appointment: AppointmentResource): void;
}) {
  if (appointment.status !== "booked" || new Date(appointment.end).getTime() < Date.now()) return null;
  return (
    <span className="appointment-actions">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => onReschedule(appointment)}
        aria-label={`Reschedule ${appointment.name}'s appointment`}
      >
        Reschedule
      </button>
      <button type="button" className="btn btn-danger btn-sm" onClick={() => onCancel(appointment)} aria-label={`Cancel ${appointment.name}'s appointment`}>
        Cancel
      </button>
    </span>
  );
}
