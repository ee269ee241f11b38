import { type ReactNode, type SubmitEvent, type SyntheticEvent, useEffect, useRef } from "react";
import "../dialog.css";
import { focusInitial, keepTabInside, returnFocus } from "./dialog-focus";

/**
 * A modal that opens while `open`, its focus where it should start (dialog-focus.ts), and back on its opener once it
 * closes, however it closed.
 */
export function useModal(open: boolean, isForm: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      focusInitial(element, isForm);
    }
    if (!open && element.open) element.close();
  }, [open, isForm]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const trap = (event: KeyboardEvent) => keepTabInside(element, event);
    const back = (event: Event) => event.target === element && returnFocus(element, opener.current);
    element.addEventListener("keydown", trap);
    element.addEventListener("close", back);
    return () => {
      element.removeEventListener("keydown", trap);
      element.removeEventListener("close", back);
    };
  }, []);
  return dialog;
}

function ModalHeader({ id, title, onClose }: { id: string; title: string; onClose(): void }) {
  return (
    <header className="dialog-header">
      <h2 id={id}>{title}</h2>
      <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </header>
  );
}

interface ModalProps {
  open: boolean;
  /** Called once it closes, however it closed: Escape, ×, a click beside it (`closeOnBackdrop`), or `open` turning false. */
  onClose(): void;
  title: string;
  /** The title's id, which names the dialog. */
  titleId: string;
  /** The line under the title. */
  lead?: ReactNode;
  /** A dialog that is a form: its body is the form (Enter submits it). */
  onSubmit?(event: SubmitEvent<HTMLFormElement>): void;
  /** Closes on a click on the backdrop (the public site's dialogs). */
  closeOnBackdrop?: boolean;
  /** An extra class for the dialog (its width). */
  className?: string;
  children: ReactNode;
}

/**
 * Every dialog of the site: a native modal <dialog> (Escape closes) with its title, × and lead; a form dialog's body is
 * the form. Focus starts on the safe choice (a control marked `data-initial-focus`, else a form's first field), Tab
 * stays inside, and focus returns to the opener (dialog-focus.ts).
 */
export default function Modal({ open, onClose, title, titleId, lead, onSubmit, closeOnBackdrop = false, className, children }: ModalProps) {
  const dialog = useModal(open, onSubmit !== undefined);
  // Escape closes the dialog at once, but its `close` event comes a task later: the owner is told on `cancel`, so an
  // opener pressed straight after (Escape, then Enter) finds the dialog closed in its state too, and opens it again.
  const cancelled = useRef(false);
  const ownEvent = (event: SyntheticEvent) => event.target === event.currentTarget;
  const content = (
    <>
      <ModalHeader id={titleId} title={title} onClose={onClose} />
      {lead && <p className="dialog-lead">{lead}</p>}
      {children}
    </>
  );
  return (
    <dialog
      ref={dialog}
      className={className ? `dialog ${className}` : "dialog"}
      aria-labelledby={titleId}
      // React passes a dialog's close up its tree: a dialog opened from within this one (End call's question in the
      // live view) closing must not close this one too.
      onCancel={(event) => {
        if (!ownEvent(event)) return;
        cancelled.current = true;
        onClose();
      }}
      onClose={(event) => {
        if (!ownEvent(event)) return;
        if (cancelled.current) cancelled.current = false;
        else onClose();
      }}
      onClick={closeOnBackdrop ? (event) => event.target === dialog.current && onClose() : undefined}
    >
      {onSubmit ? (
        <form className="dialog-body form" noValidate onSubmit={onSubmit}>
          {content}
        </form>
      ) : (
        <div className="dialog-body">{content}</div>
      )}
    </dialog>
  );
}
