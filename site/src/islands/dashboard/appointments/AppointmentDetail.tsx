import type { AppointmentResource } from "@nikki/core";
import Modal from "../../ui/Modal";
import StatusBadge from "../../ui/StatusBadge";
import Time from "../../ui/Time";
import { timeSpan } from "./AgendaDays";
import { AppointmentActions, MadeBy, Who } from "./AppointmentFacts";

/** One booking, opened from the week view: who, when, what, how it was made, and (for owners and admins) its actions. */
export default function AppointmentDetail({
  appointment,
  zone,
  onClose,
  actions,
}: {
  appointment: AppointmentResource | null;
  zone: string;
  onClose(): void;
  actions: { onReschedule(appointment: AppointmentResource): void; onCancel(appointment: AppointmentResource): void } | null;
}) {
  return (
    <Modal
      open={appointment !== null}
      onClose={onClose}
      title={appointment ? `${appointment.name}'s appointment` : "Appointment"}
      titleId="appointment-detail-title"
    >
      {appointment && (
        <>
          <dl className="call-facts">
            <dt>When</dt>
            <dd>
              <Time at={appointment.start} /> ({timeSpan(appointment, zone)})
            </dd>
            <dt>Who</dt>
            <dd>
              <Who appointment={appointment} />
            </dd>
            <dt>Service</dt>
            <dd>{appointment.service_name}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge kind="appointment" status={appointment.status} />
            </dd>
            <dt>Made</dt>
            <dd>
              <MadeBy appointment={appointment} />
            </dd>
            <dt>Code</dt>
            <dd>{appointment.confirmation_code}</dd>
            <dt>Notes</dt>
            <dd className={appointment.notes ? "" : "muted"}>{appointment.notes ?? "None"}</dd>
          </dl>
          {actions && (
            <div className="dialog-actions">
              <AppointmentActions appointment={appointment} {...actions} />
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
