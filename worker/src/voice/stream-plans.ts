/**
 * The plans of a call's streams (call/plan.ts), kept by its CallSession from the voice webhook (or the return to the
 * agent after a transfer) until the media plane asks for one as Twilio's stream arrives. The plan goes only to a
 * stream signed as Twilio signs it for that call, before its ticket's time is up; from then on the segment counts as
 * streamed, so the call's end is the media plane's to hand over, and a call whose stream never came is settled here
 * alone (the media plane never heard of it).
 */
import type { PlanRequest, StoredPlan } from "../call/plan";
import { constantTimeEqual } from "../call/twilio-signature";

/**
 * The webhook answers Twilio before it keeps the plan, so a stream may ask first: it waits this long for the plan. The
 * plan is kept within milliseconds of the answer, and Twilio still has to read the TwiML and connect.
 */
export const PLAN_WAIT_MS = 2_000;

const planKey = (segment: number) => `plan:${segment}`;
const streamedKey = (segment: number) => `streamed:${segment}`;

export class StreamPlans {
  private readonly plans = new Map<number, StoredPlan>();
  private readonly streamedSegments = new Set<number>();
  private waiters: { segment: number; wake: () => void }[] = [];

  constructor(private readonly storage: Pick<DurableObjectStorage, "get" | "put">) {}

  /** The storage entry of a segment's plan, to be written with whatever else its caller writes (one put). */
  static entry(plan: StoredPlan): Record<string, StoredPlan> {
    return { [planKey(plan.segment ?? 1)]: plan };
  }

  /** The plan is written: a stream already waiting for it gets it. */
  kept(plan: StoredPlan): void {
    const segment = plan.segment ?? 1;
    this.plans.set(segment, plan);
    for (const waiter of this.waiters.filter((waiting) => waiting.segment === segment)) waiter.wake();
  }

  /** The call's storage was emptied: nothing is served from memory either. */
  forget(): void {
    this.plans.clear();
    this.streamedSegments.clear();
  }

  async keep(plan: StoredPlan): Promise<void> {
    await this.storage.put(StreamPlans.entry(plan));
    this.kept(plan);
  }

  /**
   * The plan for a stream whose signature it expects, before the ticket's time is up; null otherwise (no such call, a
   * forged or late stream, or `closed`: the segment's end is already kept). `markStreamed` once it is handed over.
   */
  async forStream(request: PlanRequest, closed: () => Promise<boolean>, now = Date.now()): Promise<StoredPlan | null> {
    const segment = request.segment ?? 1;
    const plan = (await this.stored(segment)) ?? (await this.within(segment, PLAN_WAIT_MS));
    if (!plan || now > plan.ticketExpiresAt) return null;
    if (!plan.streamSignatures.some((expected) => constantTimeEqual(expected, request.signature))) return null;
    if (await closed()) return null;
    return plan;
  }

  /** The segment's stream has its plan: its end is the media plane's to hand over from now on. */
  async markStreamed(segment: number): Promise<void> {
    if (this.streamedSegments.has(segment)) return;
    await this.storage.put(streamedKey(segment), true);
    this.streamedSegments.add(segment);
  }

  /** Whether the segment's stream asked for its plan (and got it). */
  async streamed(segment: number): Promise<boolean> {
    if (this.streamedSegments.has(segment)) return true;
    return (await this.storage.get<boolean>(streamedKey(segment))) === true;
  }

  async stored(segment: number): Promise<StoredPlan | null> {
    const plan = this.plans.get(segment) ?? (await this.storage.get<StoredPlan>(planKey(segment))) ?? null;
    if (plan) this.plans.set(segment, plan);
    return plan;
  }

  private within(segment: number, ms: number): Promise<StoredPlan | null> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiting) => waiting !== waiter);
        resolve(this.plans.get(segment) ?? null);
      };
      const waiter = { segment, wake: done };
      const timer = setTimeout(done, ms);
      this.waiters.push(waiter);
    });
  }
}
