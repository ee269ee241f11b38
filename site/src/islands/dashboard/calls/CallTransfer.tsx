import { type CallTransfer as Transfer, TRANSFER_OUTCOME_LABELS } from "@nikki/core";

const waited = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`);

/** A warm transfer tried on the call (issue 37): who was rung, what came of it, and how long the caller was on hold. */
export default function CallTransfer({ transfer }: { transfer: Transfer | null }) {
  if (!transfer) return null;
  const connected = transfer.outcome === "connected";
  return (
    <>
      <h3>Transfer</h3>
      <dl className="call-facts">
        <dt>{connected ? "Put through to" : "Last number rung"}</dt>
        <dd>{transfer.target}</dd>
        <dt>Outcome</dt>
        <dd>{TRANSFER_OUTCOME_LABELS[transfer.outcome]}</dd>
        <dt>On hold</dt>
        <dd>{waited(transfer.waited_s)}</dd>
      </dl>
      <p className="field-hint">
        {connected
          ? "The caller talked with your team after the briefing; that time is part of this call's duration and minutes."
          : "Nobody took the call, so the caller came back to the agent, who said so and offered to take a message or book a callback."}
      </p>
    </>
  );
}
