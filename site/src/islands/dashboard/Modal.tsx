import { useEffect, useRef } from "react";

/** A modal that opens while `open` and tells its owner when it closes (Escape, ×, or done). */
export function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);
  return dialog;
}

export function ModalHeader({ id, title, onClose }: { id: string; title: string; onClose(): void }) {
  return (
    <header className="dialog-header">
      <h2 id={id}>{title}</h2>
      <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </header>
  );
}
