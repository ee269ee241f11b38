import { useId } from "react";
import Modal from "../ui/Modal";

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel (where focus starts: the safe choice) and a destructive confirm; Escape cancels. */
export default function ConfirmDialog({ open, title, message, confirmLabel, pending = false, onConfirm, onCancel }: Props) {
  // Its own title id: a page may hold several (Settings rotates the widget key and the calendar link).
  const titleId = useId();
  return (
    <Modal open={open} onClose={onCancel} title={title} titleId={titleId} lead={message}>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel} disabled={pending} data-initial-focus>
          Cancel
        </button>
        <button type="button" className="btn btn-danger btn-sm" onClick={onConfirm} disabled={pending}>
          {pending ? "Working..." : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
