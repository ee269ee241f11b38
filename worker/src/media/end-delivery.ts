import type { Logger } from "../logger";
import type { CallEnd } from "../call/plan";
import type { ControlPlane } from "./control-client";

/** Delivering a call's end to the control plane is retried this many times (backoff from 1 s) before it is given up. */
const END_DELIVERIES = 8;

/** The part of a Durable Object's storage a call's media needs (a test may hand in its own, to refuse a write). */
export type MediaStorage = Pick<DurableObjectStorage, "get" | "put" | "deleteAll" | "setAlarm">;

/**
 * A call's end handed to the control plane, which keeps it: when it is not taken, it waits in the stream's storage and
 * is delivered again by the object's alarm, with a growing wait. Nothing is stored unless it must wait.
 */
export class EndDelivery {
  /** An end waits in storage to be handed over again (so there is something to delete once it is). */
  private stored = false;

  constructor(
    private readonly storage: MediaStorage,
    private readonly control: ControlPlane,
    private readonly callSid: string,
    private readonly log: Logger,
  ) {}

  /** Hands `end` over; true once nothing of the call stays here (kept by the control plane, or given up). */
  deliver(end: CallEnd, callId: string | null): Promise<boolean> {
    return this.attempt(end, 1, callId);
  }

  /** A call's end the control plane did not take yet, delivered again; true once nothing of it stays here. */
  async alarm(): Promise<boolean> {
    const end = await this.storage.get<CallEnd>("end");
    this.stored = end !== undefined;
    if (!end) return false;
    return this.attempt(end, ((await this.storage.get<number>("deliveries")) ?? 0) + 1, null);
  }

  /** When the end is not taken, it is kept here and tried again 2^(attempt-1) s later. */
  private async attempt(end: CallEnd, attempt: number, callId: string | null): Promise<boolean> {
    try {
      await this.control.ended(this.callSid, end);
      return this.forget();
    } catch (error) {
      this.log.warn("call_end_delivery_failed", { attempt, error: error instanceof Error ? error.message : String(error) });
    }
    if (attempt >= END_DELIVERIES) {
      this.log.error("call_end_lost", { call_id: callId });
      return this.forget();
    }
    await this.storage.put(attempt === 1 ? { end, deliveries: attempt } : { deliveries: attempt });
    this.stored = true;
    await this.storage.setAlarm(Date.now() + 1000 * 2 ** (attempt - 1));
    return false;
  }

  /** The call lives on in the control plane's database: nothing of it stays here. */
  private async forget(): Promise<true> {
    if (this.stored) {
      this.stored = false;
      await this.storage.deleteAll();
    }
    return true;
  }
}
