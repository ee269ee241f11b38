import { useState } from "react";
import { useHydrated } from "../lib/use-hydrated";
import LeadForm from "./LeadForm";
import Modal from "./ui/Modal";

/** "Book Your Appointment": the lead form inline in a modal dialog that closes on success (spec 000 §2). */
export default function BookAppointmentDialog({ label = "Book Your Appointment" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();

  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={!hydrated} onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Book Your Appointment"
        titleId="book-appointment-title"
        lead="Tell us when suits you and we'll confirm by text or email."
        closeOnBackdrop
      >
        <LeadForm redirect={false} defaultIntent="book_appointment" submitLabel="Book Appointment" onSuccess={() => setOpen(false)} />
      </Modal>
    </>
  );
}
