import { describe, expect, it } from "vitest";
import type { StoredPlan } from "../call/plan";
import { StreamPlans } from "./stream-plans";

const plan = (overrides: Partial<StoredPlan> = {}): StoredPlan => ({
  callId: "call",
  ticketHash: "hash",
  ticketExpiresAt: Date.now() + 60_000,
  streamSignatures: ["signed-a", "signed-b"],
  sessionUpdate: "{}",
  openingLine: "Hello",
  goodbye: "Goodbye",
  fillers: [],
  maxCallSeconds: 60,
  ...overrides,
});

function storage() {
  const stored = new Map<string, unknown>();
  return {
    stored,
    get: async <T>(key: string) => stored.get(key) as T | undefined,
    put: async (key: string | Record<string, unknown>, value?: unknown) => {
      for (const [name, entry] of typeof key === "string" ? [[key, value] as const] : Object.entries(key)) stored.set(name, entry);
    },
  } as unknown as Pick<DurableObjectStorage, "get" | "put"> & { stored: Map<string, unknown> };
}

const open = async () => false;

describe("a call's stream plans (StreamPlans)", () => {
  it("hands the plan only to a stream signed as it expects, in time, and not once the segment has ended", async () => {
    const plans = new StreamPlans(storage());
    await plans.keep(plan());
    expect(await plans.forStream({ signature: "signed-b" }, open)).toMatchObject({ callId: "call" });
    expect(await plans.forStream({ signature: "forged" }, open)).toBeNull();
    expect(await plans.forStream({ signature: "signed-a" }, async () => true)).toBeNull();
    expect(await plans.forStream({ signature: "signed-a" }, open, Date.now() + 60_001)).toBeNull();
    // Another segment's stream has its own plan, or none.
    expect(await plans.forStream({ signature: "signed-a", segment: 2 }, open)).toBeNull();
  });

  it("remembers a streamed segment in storage, so an object started afresh still knows; forgets nothing it was not told", async () => {
    const kept = storage();
    const plans = new StreamPlans(kept);
    await plans.keep(plan());
    expect(await plans.streamed(1)).toBe(false);
    await plans.markStreamed(1);
    expect(await new StreamPlans(kept).streamed(1)).toBe(true);
    expect(await new StreamPlans(kept).streamed(2)).toBe(false);
    // A new object reads the plan its predecessor kept.
    expect(await new StreamPlans(kept).forStream({ signature: "signed-a" }, open)).toMatchObject({ callId: "call" });
  });
});
