import { type AppointmentResource, PHONE_EXAMPLES, appointmentCreateSchemaIn, parseFields } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../lib/client";
import { useRegion } from "../../../lib/me";
import FormField, { FormAlert, TextField, errorId } from "../../FormField";
import Modal from "../../ui/Modal";
import { changeToast, useBookingSubmit } from "./booking-submit";
import { todayIn } from "./AppointmentFilters";
import OptionSelect, { type Option } from "./OptionSelect";
import SlotPicker from "./SlotPicker";

type Field = "service_id" | "agent_id" | "name" | "phone" | "notes";

export const CHOOSE_A_TIME = "Choose a free time.";

/** Booking by hand (issue 35 §6): a service, an agent, a free time the server offers, and who it is for. */
export default function NewAppointmentDialog({
  open,
  onClose,
  onBooked,
  services,
  agents,
  zone,
}: {
  open: boolean;
  onClose(): void;
  onBooked(appointment: AppointmentResource): void;
  services: readonly Option[];
  agents: readonly Option[];
  zone: string;
}) {
  // Blank at each opening: its owner keys it (ui/opening-key.ts).
  const [serviceId, setServiceId] = useState(services[0]?.id ?? "");
  const [agentId, setAgentId] = useState("");
  const [date, setDate] = useState(() => todayIn(zone));
  const [start, setStart] = useState("");
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [notes, setNotes] = useState("");
  const booking = useBookingSubmit<Field>();
  const region = useRegion();

  // Another service, agent or day offers other times.
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setStart("");
    };

  async function book(event: SubmitEvent) {
    event.preventDefault();
    const input = { service_id: serviceId, start, name, phone, notes: notes.trim() || null, ...(agentId ? { agent_id: agentId } : {}) };
    const parsed = parseFields(appointmentCreateSchemaIn(region), input);
    const invalid = parsed.ok ? {} : { ...parsed.fields, ...(start ? {} : { start: CHOOSE_A_TIME }) };
    const done = await booking.send({
      invalid,
      request: () => call(api.appointments.$post, undefined, input),
      fallback: "Failed to book the appointment.",
      success: (answer) => changeToast("booked", "Appointment Booked", answer.appointment.name, answer),
    });
    if (!done) return;
    onBooked(done.data.appointment);
    onClose();
  }

  const { errors, pending } = booking;
  return (
    <Modal open={open} onClose={onClose} title="New appointment" titleId="new-appointment-title" onSubmit={book} className="appointment-dialog">
      <FormAlert>{booking.taken ? "" : booking.alert}</FormAlert>
      <div className="form-row">
        <FormField id="new-appointment-service" label="Service" required error={errors.service_id}>
          <OptionSelect
            id="new-appointment-service"
            value={serviceId}
            onChange={choose(setServiceId)}
            options={services}
            disabled={pending}
            invalid={Boolean(errors.service_id)}
          />
        </FormField>
        <FormField id="new-appointment-agent" label="Agent" error={errors.agent_id}>
          <OptionSelect
            id="new-appointment-agent"
            value={agentId}
            onChange={choose(setAgentId)}
            options={agents}
            none="Primary agent's hours"
            disabled={pending}
            invalid={Boolean(errors.agent_id)}
          />
        </FormField>
      </div>
      <SlotPicker
        id="new-appointment-start"
        serviceId={serviceId}
        agentId={agentId}
        zone={zone}
        date={date}
        onDate={choose(setDate)}
        value={start}
        onChange={setStart}
        error={errors.start}
        taken={booking.taken}
        disabled={pending}
      />
      <div className="form-row">
        <TextField id="new-appointment-name" label="Name" required value={name} onValue={setName} error={errors.name} autoComplete="off" disabled={pending} />
        <TextField
          id="new-appointment-phone"
          label="Phone"
          required
          type="tel"
          placeholder={PHONE_EXAMPLES[region]}
          value={phone}
          onValue={setPhone}
          error={errors.phone}
          autoComplete="off"
          disabled={pending}
        />
      </div>
      <FormField id="new-appointment-notes" label="Notes" error={errors.notes}>
        <textarea
          id="new-appointment-notes"
          rows={2}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          disabled={pending}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? errorId("new-appointment-notes") : undefined}
        />
      </FormField>
      <p className="field-hint">When your organization has a number to text from, the person gets a text with the time and a link to change or cancel it.</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? "Booking..." : "Book appointment"}
      </button>
    </Modal>
  );
}
