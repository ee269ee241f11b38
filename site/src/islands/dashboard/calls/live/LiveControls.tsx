import { LIVE_CALL_MESSAGES, NOTE_MAX_CHARS, OWNER_ACTION_WORDS } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../../lib/client";
import { toast } from "../../../../lib/toast";
import { useAction } from "../../../../lib/use-action";
import ConfirmDialog from "../../ConfirmDialog";

/**
 * What an owner or admin does to a call they watch (issue 56 §3, §4): a note to the agent, Take over (their phone rings
 * once the agent has told the caller; the phone is asked for here when their profile has none) and End call, asked
 * first (the agent hangs up, which cannot be undone).
 */
export default function LiveControls({ callId, agent, withAgent }: { callId: string; agent: string; withAgent: boolean }) {
  const action = useAction();
  const [askEnd, setAskEnd] = useState(false);
  const [note, setNote] = useState("");
  const [askPhone, setAskPhone] = useState<string | null>(null);
  const [phone, setPhone] = useState("");
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

  async function takeOver() {
    const result = await call(api.calls[":id"]["take-over"].$post, param, askPhone === null ? {} : { number: phone.trim() });
    if (!result.ok && result.status === 400 && result.error?.fields?.number) {
      setAskPhone(result.error.fields.number);
      return;
    }
    if (!result.ok) {
      toast({ variant: "destructive", title: "Could not take over", description: result.error?.message ?? LIVE_CALL_MESSAGES.unavailable });
      return;
    }
    setAskPhone(null);
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
      {askPhone !== null && (
        <label className="field live-phone">
          <span>Your phone</span>
          <input type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} placeholder="+14155552671" autoComplete="tel" />
          <small className="field-hint">{askPhone}</small>
        </label>
      )}
      <div className="live-buttons">
        <button type="button" className="btn btn-primary btn-sm" disabled={!withAgent} onClick={() => void takeOver()}>
          {askPhone === null ? "Take over" : "Ring this phone"}
        </button>
        <button type="button" className="btn btn-danger btn-sm" onClick={() => setAskEnd(true)}>
          {OWNER_ACTION_WORDS.endConfirm}
        </button>
      </div>
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
