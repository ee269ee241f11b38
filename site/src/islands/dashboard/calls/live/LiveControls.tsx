import { NOTE_MAX_CHARS, OWNER_ACTION_WORDS } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../../lib/client";
import { useAction } from "../../../../lib/use-action";
import { useOpeningKey } from "../../../ui/opening-key";
import ConfirmDialog from "../../ConfirmDialog";
import TakeOverDialog from "./TakeOverDialog";

/**
 * What an owner or admin does to a call they watch (issue 56 §3, §4): a note to the agent, Take over (asked first,
 * saying whose phone rings once the agent has told the caller) and End call, asked first (the agent hangs up, which
 * cannot be undone).
 */
export default function LiveControls({ callId, agent, withAgent }: { callId: string; agent: string; withAgent: boolean }) {
  const action = useAction();
  const [askEnd, setAskEnd] = useState(false);
  const [note, setNote] = useState("");
  const [askTakeOver, setAskTakeOver] = useState(false);
  const takeOverKey = useOpeningKey(askTakeOver);
  const param = { param: { id: callId } };

  async function sendNote(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent = await action.run({
      key: "note",
      request: () => call(api.calls[":id"].note.$post, param, { text: note }),
      failure: "Could not send the note",
      success: { title: "Note sent", description: "The agent uses it from its next answer." },
    });
    if (sent) setNote("");
  }

  async function endCall() {
    await action.run({
      key: "end",
      request: () => call(api.calls[":id"].end.$post, param, {}),
      failure: "Could not end the call",
      success: { title: "Ending the call", description: "The agent says goodbye, then the call ends." },
    });
    setAskEnd(false);
  }

  return (
    <div className="live-controls">
      <form className="live-note form" noValidate onSubmit={sendNote}>
        <label className="field">
          <span>Note to the agent</span>
          <input
            value={note}
            maxLength={NOTE_MAX_CHARS}
            onChange={(event) => setNote(event.target.value)}
            placeholder="Offer the 10% new-patient discount"
            disabled={!withAgent}
          />
        </label>
        <button type="submit" className="btn btn-secondary btn-sm" disabled={!withAgent || note.trim() === "" || action.busy("note")}>
          Send note
        </button>
      </form>
      <div className="live-buttons">
        <button type="button" className="btn btn-primary btn-sm" disabled={!withAgent} onClick={() => setAskTakeOver(true)}>
          Take over
        </button>
        <button type="button" className="btn btn-danger btn-sm" onClick={() => setAskEnd(true)}>
          {OWNER_ACTION_WORDS.endConfirm}
        </button>
      </div>
      <TakeOverDialog key={takeOverKey} open={askTakeOver} callId={callId} onClose={() => setAskTakeOver(false)} />
      <ConfirmDialog
        open={askEnd}
        title={OWNER_ACTION_WORDS.endQuestion}
        message={OWNER_ACTION_WORDS.endFollows(agent)}
        confirmLabel={OWNER_ACTION_WORDS.endConfirm}
        pending={action.busy("end")}
        onConfirm={() => void endCall()}
        onCancel={() => setAskEnd(false)}
      />
    </div>
  );
}
