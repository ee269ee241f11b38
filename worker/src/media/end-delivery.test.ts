import { describe, expect, it } from "vitest";
import type { CallEnd } from "../call/plan";
import { createLogger } from "../logger";
import type { ControlPlane } from "./control-client";
import { EndDelivery, type MediaStorage } from "./end-delivery";

/** A stream's storage in memory, with the alarm it was asked for. */
function memoryStorage() {
  const kept = new Map<string, unknown>();
  let alarmAt: number | null = null;
  const storage = {
    get: async (key: string) => kept.get(key),
    put: async (entries: Record<string, unknown>) => void Object.entries(entries).forEach(([key, value]) => kept.set(key, value)),
    deleteAll: async () => kept.clear(),
    setAlarm: async (at: number) => void (alarmAt = at),
  };
  return { storage: storage as unknown as MediaStorage, kept, alarmAt: () => alarmAt };
}

const END: CallEnd = { reason: "completed", transcript: [], metrics: null } as unknown as CallEnd;
const log = createLogger({}, "error");

describe("a call's end handed to the control plane", () => {
  it("is kept and delivered again by the alarm when the control plane does not take it, then nothing stays", async () => {
    const memory = memoryStorage();
    let refusals = 1;
    const received: CallEnd[] = [];
    const control = {
      ended: async (_: string, end: CallEnd) => {
        if (refusals-- > 0) throw new Error("503");
        received.push(end);
      },
    } as unknown as ControlPlane;
    const delivery = new EndDelivery(memory.storage, control, "CA00000000000000000000000000000001", log);
    expect(await delivery.deliver(END, "call-1")).toBe(false);
    expect(memory.kept.get("end")).toEqual(END);
    expect(memory.alarmAt()).not.toBeNull();
    // The object may have been evicted meanwhile: a new one finds the end in storage.
    const again = new EndDelivery(memory.storage, control, "CA00000000000000000000000000000001", log);
    expect(await again.alarm()).toBe(true);
    expect(received).toEqual([END]);
    expect(memory.kept.size).toBe(0);
  });

  it("stores nothing when the control plane takes it at once, and gives up after its last try", async () => {
    const memory = memoryStorage();
    const taken = new EndDelivery(memory.storage, { ended: async () => {} } as unknown as ControlPlane, "CA00000000000000000000000000000002", log);
    expect(await taken.deliver(END, "call-2")).toBe(true);
    expect(memory.kept.size).toBe(0);

    const refusing = { ended: async () => Promise.reject(new Error("503")) } as unknown as ControlPlane;
    const lost = new EndDelivery(memory.storage, refusing, "CA00000000000000000000000000000003", log);
    expect(await lost.deliver(END, "call-3")).toBe(false);
    for (let attempt = 2; attempt < 8; attempt++) expect(await lost.alarm()).toBe(false);
    expect(await lost.alarm()).toBe(true);
    expect(memory.kept.size).toBe(0);
  });
});
