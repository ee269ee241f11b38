/**
 * A warm transfer in progress (issue 37 §1), as the call's CallSession keeps it between Twilio's webhooks: the numbers
 * rung in turn, the one ringing now, what the person who answers is told, and what came of it.
 */
import type { CallTransfer, TransferOutcome } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { calls } from "../../db/schema";

/** What one <Dial> came to, from Twilio's DialCallStatus and DialBridged and the whisper's result. */
export function attemptOutcome(params: Record<string, string>, accepted: boolean): TransferOutcome {
  switch (params.DialCallStatus) {
    case "completed":
    case "answered":
      return accepted || params.DialBridged === "true" ? "connected" : "declined";
    case "busy":
      return "busy";
    case "no-answer":
    // The caller hung up while it rang: nobody answered for them.
    case "canceled":
      return "no_answer";
    default:
      return "failed";
  }
}

/** The transfer's result on the call (GET /api/calls/:id shows it). */
export async function recordTransfer(db: Database, callId: string, transfer: CallTransfer): Promise<void> {
  await db
    .update(calls)
    .set({ transfer: JSON.stringify(transfer) })
    .where(eq(calls.id, callId));
}
