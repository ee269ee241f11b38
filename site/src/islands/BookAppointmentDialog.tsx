import { useRef } from "react";
import { useHydrated } from "../lib/use-hydrated";
import LeadForm from "./LeadForm";
import "./dialog.css";

/** "Book Your Appointment": the lead form inline in a modal dialog that closes on success (spec 000 §2). */
export default function BookAppointmentDialog({ label = "Book Your Appointment" }: { label?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  const hydrated = useHydrated();

  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={!hydrated} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby="book-appointment-title"
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
      >
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id="book-appointment-title">Book Your Appointment</h2>
            <button type="button" className="dialog-close" aria-label="Close" onClick={close}>
              ×
            </button>
          </header>
          <p className="dialog-lead">Tell us when suits you and we'll confirm by text or email.</p>
          <LeadForm redirect={false} defaultIntent="book_appointment" submitLabel="Book Appointment" onSuccess={close} />
        </div>
      </dialog>
    </>
  );
}
