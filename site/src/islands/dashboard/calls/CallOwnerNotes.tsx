import { OWNER_NOTE_LABEL, type OwnerNote } from "@nikki/core";
import Time from "../../ui/Time";
import "./live/live.css";

/**
 * The notes owners and admins sent the agent during the call (issue 56 §3), each as an "Owner note" with who wrote it
 * and when: apart from the transcript, and never a viewer's (the server sends them none). No note shows nothing.
 */
export default function CallOwnerNotes({ notes }: { notes: readonly OwnerNote[] }) {
  if (notes.length === 0) return null;
  return (
    <>
      <h3>Owner notes</h3>
      <ul className="live-events">
        {notes.map((note) => (
          <li key={note.id} className="live-event live-event-owner_note">
            <strong>{OWNER_NOTE_LABEL}:</strong> {note.text}{" "}
            <span className="muted">
              ({note.by}, <Time at={note.at} />)
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
