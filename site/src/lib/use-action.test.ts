import { afterEach, describe, expect, it } from "vitest";
import { NETWORK_ERROR } from "./client";
import { answered, pending, refused, unreachable } from "./test-results";
import { currentToasts, dismissToast } from "./toast";
import { createActionRunner } from "./use-action";

/** An action runner whose running keys are recorded after each change. */
function runnerOf() {
  const running: string[][] = [];
  const run = createActionRunner((keys) => running.push([...keys]));
  return { run, running };
}

const said = () => currentToasts().map(({ title, description, variant }) => ({ title, description, variant }));

afterEach(() => {
  for (const toast of currentToasts()) dismissToast(toast.id);
});

describe("use-action's error handling", () => {
  it("toasts a failure with the server's words, the network's, or the action's fallback, and answers null", async () => {
    const { run } = runnerOf();
    expect(await run({ request: async () => refused(409, { code: "conflict", message: "That number is taken." }), failure: "Failed to assign" })).toBeNull();
    expect(await run({ request: async () => unreachable, failure: "Failed to sync" })).toBeNull();
    expect(await run({ request: async () => refused(500), failure: "Failed to delete", fallback: "Please try again." })).toBeNull();
    expect(said()).toEqual([
      { title: "Failed to assign", description: "That number is taken.", variant: "destructive" },
      { title: "Failed to sync", description: NETWORK_ERROR, variant: "destructive" },
      { title: "Failed to delete", description: "Please try again.", variant: "destructive" },
    ]);
  });

  it("runs an action once at a time per key, others beside it, and says which are running", async () => {
    const { run, running } = runnerOf();
    const sync = pending<{ synced: number }>();
    const first = run({ key: "sync", request: sync.request, failure: "Failed to sync" });
    expect(await run({ key: "sync", request: async () => answered({ synced: 2 }), failure: "Failed to sync" })).toBeNull();
    expect(await run({ key: "row-1", request: async () => answered({ synced: 0 }), failure: "Failed to delete" })).toEqual({ data: { synced: 0 } });
    sync.answer(answered({ synced: 1 }));
    expect(await first).toEqual({ data: { synced: 1 } });
    expect(running).toEqual([["sync"], ["sync", "row-1"], ["sync"], []]);
  });

  it("says a success as told, or nothing when its words are null", async () => {
    const { run } = runnerOf();
    await run({ request: async () => answered({ count: 0 }), failure: "Failed", success: ({ count }) => (count ? { title: `${count} synced` } : null) });
    expect(said()).toEqual([]);
    await run({ request: async () => answered({ count: 3 }), failure: "Failed", success: ({ count }) => (count ? { title: `${count} synced` } : null) });
    expect(said()).toEqual([{ title: "3 synced", description: undefined, variant: "default" }]);
  });
});
