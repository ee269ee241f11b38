import { useEffect, useRef } from "react";

/** A native modal <dialog> shown while `open`: focus trapped, and returned to the opener once it closes. */
export function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);
  return dialog;
}
