import { type ReactNode, type SubmitEvent, type SyntheticEvent, createContext, useContext, useEffect, useRef, useState } from "react";
import DiscardQuestion from "./DiscardQuestion";
import { useModal } from "./use-modal";
import "../dialog.css";

/** How a dialog's own Cancel closes it: the way × and Escape do, asking first when a form holds unsaved edits. */
const CloseRequest = createContext<() => void>(() => {});

/** A dialog's Cancel button. */
export function ModalCancel({ disabled = false }: { disabled?: boolean }) {
  const requestClose = useContext(CloseRequest);
  return (
    <button type="button" className="btn btn-secondary btn-sm" onClick={requestClose} disabled={disabled}>
      Cancel
    </button>
  );
}

function ModalHeader({ id, title, onClose }: { id: string; title: ReactNode; onClose(): void }) {
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
  title: ReactNode;
  /** The title's id, which names the dialog. */
  titleId: string;
  /** The line under the title. */
  lead?: ReactNode;
  /** A dialog that is a form: its body is the form (Enter submits it). */
  onSubmit?(event: SubmitEvent<HTMLFormElement>): void;
  /**
   * A form dialog's edits not yet saved, when its owner knows better than "a field was typed in since it opened" (the
   * wizard: rows removed by a button, services saved on their own).
   */
  changed?: boolean;
  /** Closes on a click on the backdrop (the public site's dialogs). */
  closeOnBackdrop?: boolean;
  /** An extra class for the dialog (its width). */
  className?: string;
  children: ReactNode;
}

/**
 * Every dialog of the site: a native modal <dialog> (use-modal.ts: focus starts on the safe choice, a control marked
 * `data-initial-focus`, else a form's first field; Tab stays inside; Escape closes; focus returns to the opener) with
 * its title, × and lead; a form dialog's body is the form. A form dialog with edits in it asks before Escape, × or its
 * Cancel drops them.
 */
export default function Modal({ open, onClose, title, titleId, lead, onSubmit, changed, closeOnBackdrop = false, className, children }: ModalProps) {
  const dialog = useModal(open, onSubmit !== undefined);
  // Escape closes the dialog at once, but its `close` event comes a task later: the owner is told on `cancel`, so an
  // opener pressed straight after (Escape, then Enter) finds the dialog closed in its state too, and opens it again.
  const cancelled = useRef(false);
  const [typed, setTyped] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    setTyped(false);
    setAsking(false);
  }, [open]);
  const unsaved = onSubmit !== undefined && (changed ?? typed);
  const requestClose = () => (unsaved ? setAsking(true) : onClose());
  const ownEvent = (event: SyntheticEvent) => event.target === event.currentTarget;
  const content = (
    <>
      <ModalHeader id={titleId} title={title} onClose={requestClose} />
      {lead && <p className="dialog-lead">{lead}</p>}
      {children}
    </>
  );
  return (
    <dialog
      ref={dialog}
      className={className ? `dialog ${className}` : "dialog"}
      aria-labelledby={titleId}
      // Escape's keydown, cancelled, is no close request: the browser would let a page refuse only one close request
      // between two user gestures (a second Escape would close the dialog with the edits).
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !unsaved || asking) return;
        event.preventDefault();
        setAsking(true);
      }}
      // React passes a dialog's close up its tree: a dialog opened from within this one (End call's question in the
      // live view) closing must not close this one too.
      onCancel={(event) => {
        if (!ownEvent(event)) return;
        if (unsaved && event.cancelable) {
          event.preventDefault();
          setAsking(true);
          return;
        }
        cancelled.current = true;
        onClose();
      }}
      onClose={(event) => {
        if (!ownEvent(event)) return;
        if (cancelled.current) cancelled.current = false;
        else onClose();
      }}
      onClick={closeOnBackdrop ? (event) => event.target === dialog.current && requestClose() : undefined}
    >
      <CloseRequest value={requestClose}>
        {onSubmit ? (
          <form className="dialog-body form" noValidate onSubmit={onSubmit} onInput={() => setTyped(true)}>
            {content}
          </form>
        ) : (
          <div className="dialog-body">{content}</div>
        )}
      </CloseRequest>
      {onSubmit && (
        <DiscardQuestion
          open={asking}
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
        />
      )}
    </dialog>
  );
}
