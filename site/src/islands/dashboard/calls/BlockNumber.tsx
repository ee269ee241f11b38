import { BLOCK_MESSAGES } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { api, call as send } from "../../../lib/client";
import { useAction } from "../../../lib/use-action";
import type { CallDetailResource } from "./call-detail-resource";

/**
 * "Block this number" on a call (owners and admins; issue 37 §5): asks first, then adds the caller to Settings › Calls'
 * blocked numbers in one click; a blocked number shows Unblock, which takes it back out (the undo).
 */
export default function BlockNumber({ call, onBlocked }: { call: CallDetailResource; onBlocked(blocked: boolean): void }) {
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const number = call.from_number;
  const confirm = useRef<HTMLDivElement>(null);
  // The question opens at the foot of a long detail: brought to the middle of the screen (clear of the toasts), with
  // the keyboard on its safe answer.
  useEffect(() => {
    if (!asking) return;
    confirm.current?.scrollIntoView({ block: "center" });
    confirm.current?.querySelector("button")?.focus({ preventScroll: true });
  }, [asking]);

  async function block() {
    const done = await action.run({
      request: () => send(api.calls[":id"].block.$post, { param: { id: call.id } }, {}),
      failure: "Failed to block this number",
      success: (answer) => ({ title: "Number blocked", description: answer.message }),
    });
    setAsking(false);
    if (done) onBlocked(true);
  }

  async function unblock() {
    const done = await action.run({
      request: () => send(api.calls[":id"].block.$delete, { param: { id: call.id } }),
      failure: "Failed to unblock this number",
      success: (answer) => ({ title: "Number unblocked", description: answer.message }),
    });
    if (done) onBlocked(false);
  }

  if (call.number_blocked)
    return (
      <div className="call-block" role="status">
        <span className="badge badge-negative">Blocked</span>
        <span className="muted">Calls from {number} hear a short message and are hung up.</span>
        <button type="button" className="btn btn-secondary btn-sm" disabled={action.busy()} onClick={() => void unblock()}>
          {action.busy() ? "Working..." : "Unblock"}
        </button>
      </div>
    );
  if (!asking)
    return (
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking(true)}>
        Block this number
      </button>
    );
  return (
    <div className="call-block" role="group" aria-label="Block this number" ref={confirm}>
      <p>{BLOCK_MESSAGES.confirm(number)}</p>
      <div className="agent-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking(false)} disabled={action.busy()}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger btn-sm" onClick={() => void block()} disabled={action.busy()}>
          {action.busy() ? "Blocking..." : `Block ${number}`}
        </button>
      </div>
    </div>
  );
}
