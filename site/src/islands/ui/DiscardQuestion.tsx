import { DISCARD_QUESTION } from "../../lib/discard-words";
import { useModal } from "./use-modal";

interface Props {
  open: boolean;
  onKeep(): void;
  onDiscard(): void;
}

/**
 * Asked over a form dialog closed with edits in it. Keep editing is focused, so Enter or Escape keeps the edits;
 * closing this question (Escape) returns the focus to the field the owner was in.
 */
export default function DiscardQuestion({ open, onKeep, onDiscard }: Props) {
  const dialog = useModal(open);
  return (
    <dialog
      ref={dialog}
      className="dialog dialog-question"
      role="alertdialog"
      aria-labelledby="discard-title"
      aria-describedby="discard-lead"
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
    >
      <div className="dialog-body">
        <h2 id="discard-title">{DISCARD_QUESTION.title}</h2>
        <p className="dialog-lead" id="discard-lead">
          {DISCARD_QUESTION.lead}
        </p>
        <div className="dialog-actions">
          <button type="button" data-initial-focus className="btn btn-secondary btn-sm" onClick={onKeep}>
            {DISCARD_QUESTION.keep}
          </button>
          <button type="button" className="btn btn-danger btn-sm" onClick={onDiscard}>
            {DISCARD_QUESTION.discard}
          </button>
        </div>
      </div>
    </dialog>
  );
}
