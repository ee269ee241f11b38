/**
 * The call's side of a warm transfer, kept in its CallSession's storage (one per CallSid): begun by transfer_call,
 * told the whisper's key press, and asked by Twilio's <Dial action> what comes after each number rang: the next
 * number, the caller back to the agent, or the end of a call that was put through. Each attempt's result is written
 * on the call as it comes.
 */
import type { Database } from "../../db/client";
import type { AfterDial, TransferState } from "../../rpc/call-session";
import { attemptOutcome, recordTransfer } from "./state";

type Storage = Pick<DurableObjectStorage, "get" | "put" | "delete">;

const FINAL = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

export class TransferKeeper {
  constructor(
    private readonly storage: Storage,
    private readonly db: Database,
  ) {}

  state(): Promise<TransferState | undefined> {
    return this.storage.get<TransferState>("transfer");
  }

  /** One transfer a call: a caller who came back to the agent is offered a message, not a second wait on hold. */
  async begin(transfer: { numbers: string[]; reason: string; callerName: string }): Promise<boolean> {
    if (await this.state()) return false;
    const state: TransferState = { ...transfer, attempt: 0, startedAt: Date.now(), accepted: false, phase: "dialing", fromSegment: 1, resumeSegment: 2 };
    await this.storage.put("transfer", state);
    return true;
  }

  async cancel(): Promise<void> {
    await this.storage.delete("transfer");
  }

  /** The whisper's key press for attempt `attempt`. */
  async screened(attempt: number, accepted: boolean): Promise<void> {
    const state = await this.state();
    if (state?.phase === "dialing" && state.attempt === attempt) await this.storage.put("transfer", { ...state, accepted });
  }

  /** Twilio's <Dial action> for attempt `attempt` (DialCallStatus, DialCallDuration, CallStatus of the caller's leg). */
  async dialed(callId: string, attempt: number, params: Record<string, string>): Promise<AfterDial> {
    const state = await this.state();
    if (!state || state.phase !== "dialing" || state.attempt !== attempt) return { kind: "message" };
    const outcome = attemptOutcome(params, state.accepted);
    const talked = outcome === "connected" ? Number.parseInt(params.DialCallDuration ?? "0", 10) || 0 : 0;
    const waited = Math.max(0, Math.round((Date.now() - state.startedAt) / 1000) - talked);
    await recordTransfer(this.db, callId, { target: state.numbers[attempt]!, outcome, waited_s: waited });
    if (outcome === "connected" || FINAL.has(params.CallStatus ?? "")) return { kind: "hangup" };
    if (attempt + 1 < state.numbers.length) {
      await this.storage.put("transfer", { ...state, attempt: attempt + 1, accepted: false });
      return { kind: "dial", numbers: state.numbers, attempt: attempt + 1 };
    }
    await this.storage.put("transfer", { ...state, phase: "agent" });
    return { kind: "agent", segment: state.resumeSegment, outcome };
  }

  /** Twilio reported the call over while it was dialing (or put through): nothing more comes from the transfer. */
  async over(): Promise<void> {
    const state = await this.state();
    if (state?.phase === "dialing") await this.storage.put("transfer", { ...state, phase: "over" });
  }
}
