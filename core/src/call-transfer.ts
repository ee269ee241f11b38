/**
 * A warm transfer's result, as a call stores it and its detail shows it (issue 37): who was rung last (or who took
 * the call), what came of it, and how long the caller waited on hold.
 */
export const TRANSFER_OUTCOMES = ["connected", "no_answer", "busy", "declined", "failed"] as const;
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number];

export interface CallTransfer {
  target: string;
  outcome: TransferOutcome;
  waited_s: number;
}

/** What the call detail says about a transfer. */
export const TRANSFER_OUTCOME_LABELS: Record<TransferOutcome, string> = {
  connected: "Connected",
  no_answer: "No answer",
  busy: "Busy",
  declined: "Declined",
  failed: "Failed",
};

/** A stored transfer (calls.transfer), or null when none was tried or it cannot be read. */
export function parseCallTransfer(stored: string | null): CallTransfer | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<CallTransfer>;
    if (typeof value.target !== "string" || !TRANSFER_OUTCOMES.includes(value.outcome as TransferOutcome)) return null;
    return { target: value.target, outcome: value.outcome as TransferOutcome, waited_s: Math.max(0, Math.round(Number(value.waited_s) || 0)) };
  } catch {
    return null;
  }
}
