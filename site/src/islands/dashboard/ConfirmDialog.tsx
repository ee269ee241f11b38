import { useModal } from "./Modal";
import "../dialog.css";

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel and a destructive confirm; Escape cancels; focus returns to the opener. */
export default function ConfirmDialog({ open, title, message, confirmLabel, pending = false, onConfirm, onCancel }: Props) {
  const dialog = useModal(open);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="confirm-title" onCancel={onCancel} onClose={onCancel}>
      <div className="dialog-body">
        <h2 id="confirm-title" style={{ fontSize: "1.3rem" }}>
          {title}
        </h2>
        <p className="dialog-lead">{message}</p>
        <div style={{ display: "flex", justifyContent: "flex-end", gap: 10 }}>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger btn-sm" onClick={onConfirm} disabled={pending}>
            {pending ? "Working..." : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
