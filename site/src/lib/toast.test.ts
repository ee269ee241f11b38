import { LIMITS, TIMINGS } from "@nikki/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, subscribeToasts, toast } from "./toast";
import { TOAST_RAISED } from "./toast-raised";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const shown of currentToasts()) dismissToast(shown.id);
  vi.useRealTimers();
});

describe("toast", () => {
  it("counts the same words raised again on one toast, made the newest, with its id kept", () => {
    const first = toast({ title: "Submission failed", description: "Network error.", variant: "destructive" });
    toast({ title: "Saved" });
    const again = toast({ title: "Submission failed", description: "Network error.", variant: "destructive" });
    expect(again).toBe(first);
    expect(currentToasts().map(({ title, count }) => [title, count])).toEqual([
      ["Saved", 1],
      ["Submission failed", 2],
    ]);
    // Other words, or another variant, are another toast.
    toast({ title: "Submission failed", description: "Network error." });
    expect(currentToasts()).toHaveLength(3);
  });

  it("shows at most three, the newest", () => {
    for (const title of ["One", "Two", "Three", "Four"]) toast({ title });
    expect(LIMITS.toastsVisible).toBe(3);
    expect(currentToasts().map((shown) => shown.title)).toEqual(["Two", "Three", "Four"]);
  });

  it("goes after its time, which a repeat starts again", () => {
    toast({ title: "Copied" });
    vi.advanceTimersByTime(TIMINGS.toastDurationMs - 1_000);
    toast({ title: "Copied" });
    vi.advanceTimersByTime(TIMINGS.toastDurationMs - 1_000);
    expect(currentToasts().map((shown) => shown.count)).toEqual([2]);
    vi.advanceTimersByTime(1_000);
    expect(currentToasts()).toEqual([]);
  });

  it("tells its listeners and raises the window event the Toaster hydrates on", () => {
    const heard: string[][] = [];
    const unsubscribe = subscribeToasts((toasts) => heard.push(toasts.map((shown) => shown.title)));
    const raised = vi.fn();
    addEventListener(TOAST_RAISED, raised);
    const id = toast({ title: "Agent saved" });
    dismissToast(id);
    unsubscribe();
    toast({ title: "Not heard" });
    removeEventListener(TOAST_RAISED, raised);
    expect(heard).toEqual([["Agent saved"], []]);
    expect(raised).toHaveBeenCalledTimes(2);
  });
});
