import { type AppointmentResource, localParts } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { FormAlert } from "../../FormField";
import Modal from "../../ui/Modal";
import Time from "../../ui/Time";
import { changeToast, useBookingSubmit } from "./booking-submit";
import { CHOOSE_A_TIME } from "./NewAppointmentDialog";
import SlotPicker from "./SlotPicker";

/** Moving a booking (issue 35 §6): a new free time of its service, from its agent's hours; the person is texted. */
export default function RescheduleDialog({
  appointment,
  onClose,
  onMoved,
  zone,
}: {
  appointment: AppointmentResource | null;
  onClose(): void;
  onMoved(appointment: AppointmentResource): void;
  zone: string;
}) {
  const [date, setDate] = useState("");
  const [start, setStart] = useState("");
  const booking = useBookingSubmit<never>();

  useEffect(() => {
    if (!appointment) return;
    setDate(localParts(zone, new Date(appointment.start)).date);
    setStart("");
    booking.reset();
  }, [appointment?.id]);

  async function move(event: SubmitEvent) {
    event.preventDefault();
    if (!appointment) return;
    const done = await booking.send({
      invalid: start ? {} : { start: CHOOSE_A_TIME },
      request: () => call(api.appointments[":id"].$patch, { param: { id: appointment.id } }, { start }),
      fallback: "Failed to reschedule the appointment.",
      success: (answer) => changeToast("rescheduled", "Appointment Rescheduled", answer.appointment.name, answer),
    });
    if (!done) return;
    onMoved(done.data.appointment);
    onClose();
  }

  return (
    <Modal
      open={appointment !== null}
      onClose={onClose}
      title="Reschedule appointment"
      titleId="reschedule-title"
      onSubmit={move}
      className="appointment-dialog"
      lead={
        appointment && (
          <>
            {appointment.name}, {appointment.service_name}, now <Time at={appointment.start} />.
          </>
        )
      }
    >
      <FormAlert>{booking.taken ? "" : booking.alert}</FormAlert>
      {appointment && (
        <SlotPicker
          id="reschedule-start"
          serviceId={appointment.service_id ?? ""}
          agentId={appointment.agent_id ?? ""}
          zone={zone}
          date={date}
          onDate={(value) => {
            setDate(value);
            setStart("");
          }}
          value={start}
          onChange={setStart}
          error={booking.errors.start}
          taken={booking.taken}
          disabled={booking.pending}
        />
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={booking.pending}>
        {booking.pending ? "Moving..." : "Move to this time"}
      </button>
    </Modal>
  );
}
