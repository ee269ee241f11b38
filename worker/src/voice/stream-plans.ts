/**
 * The plans of a call's streams (call/plan.ts) in its CallSession: the first stream's, claimed from the call's row when
 * the stream asked (answered-plan.ts), and a later one's (the agent again after a transfer nobody took), kept as the
 * `<Dial action>` is answered. A plan goes only to a stream signed as Twilio signs it for that call, before its ticket's
 * time is up and before its segment's end is kept; from then on the segment counts as streamed, so the call's end is
 * the media plane's to hand over.
 */
import type { PlanRequest, StoredPlan } from "../call/plan";
import { constantTimeEqual } from "@nikki/core/twilio-signature";

const planKey = (segment: number) => `plan:${segment}`;
const streamedKey = (segment: number) => `streamed:${segment}`;

export class StreamPlans {
  private readonly plans = new Map<number, StoredPlan>();
  private readonly streamedSegments = new Set<number>();

  constructor(private readonly storage: Pick<DurableObjectStorage, "get" | "put">) {}

  /** The storage entries of a segment's plan (and, when its stream already has it, the mark), for its caller's one put. */
  static entry(plan: StoredPlan, streamed = false): Record<string, StoredPlan | boolean> {
    const segment = plan.segment ?? 1;
    return { [planKey(segment)]: plan, ...(streamed ? { [streamedKey(segment)]: true } : {}) };
  }

  /** Whether `plan` may go to the stream asking: signed as it expects, before its ticket's time is up. */
  static expects(plan: StoredPlan, request: PlanRequest, now = Date.now()): boolean {
    return now <= plan.ticketExpiresAt && plan.streamSignatures.some((expected) => constantTimeEqual(expected, request.signature));
  }

  /** The plan is written (by its caller's put). */
  kept(plan: StoredPlan, streamed = false): void {
    const segment = plan.segment ?? 1;
    this.plans.set(segment, plan);
    if (streamed) this.streamedSegments.add(segment);
  }

  async keep(plan: StoredPlan): Promise<void> {
    await this.storage.put(StreamPlans.entry(plan));
    this.kept(plan);
  }

  /** The call's storage was emptied: nothing is served from memory either. */
  forget(): void {
    this.plans.clear();
    this.streamedSegments.clear();
  }

  /** The plan for the stream asking, or null: none kept, not one it expects (StreamPlans.expects), or `closed` (the segment's end is kept). */
  async forStream(request: PlanRequest, closed: () => Promise<boolean>, now = Date.now()): Promise<StoredPlan | null> {
    const plan = await this.stored(request.segment ?? 1);
    if (!plan || !StreamPlans.expects(plan, request, now) || (await closed())) return null;
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
}
