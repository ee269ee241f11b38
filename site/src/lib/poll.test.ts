import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiResult } from "./client";
import { type PollOptions, type Visibility, startPoll } from "./poll";
import { answered, pending, refused, unreachable } from "./test-results";

/** A page whose visibility the test sets, as the document's would change. */
function page(): Visibility & { hide(): void; show(): void } {
  let hidden = false;
  const listeners = new Set<() => void>();
  const change = (value: boolean) => {
    hidden = value;
    for (const listener of listeners) listener();
  };
  return {
    hidden: () => hidden,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hide: () => change(true),
    show: () => change(false),
  };
}

interface Run {
  status: "running" | "passed";
}

const INTERVAL = 1_000;

/** A poll of a run whose reads answer from `answers` in turn (the last one again when they run out). */
function pollOf(answers: ApiResult<Run>[], options: Partial<PollOptions<Run>> = {}) {
  const seen: Run[] = [];
  const reads: number[] = [];
  const visibility = page();
  const stop = startPoll<Run>({
    read: async () => {
      reads.push(Date.now());
      return answers.length > 1 ? answers.shift()! : answers[0]!;
    },
    intervalMs: INTERVAL,
    onAnswer: (run) => seen.push(run),
    until: (run) => run.status !== "running",
    visibility,
    ...options,
  });
  return { seen, reads, visibility, stop };
}

const running = answered<Run>({ status: "running" });
const passed = answered<Run>({ status: "passed" });

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startPoll", () => {
  it("reads every interval, hands on each answer, and stops at the last one needed", async () => {
    const { seen, reads } = pollOf([running, running, passed]);
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(reads).toEqual([1_000, 2_000, 3_000]);
    expect(seen.map((run) => run.status)).toEqual(["running", "running", "passed"]);
  });

  it("reads at once when told to", async () => {
    const { reads } = pollOf([passed], { immediate: true });
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(reads).toEqual([0]);
  });

  it("never has two reads in flight: the next waits for the slow answer before its interval starts", async () => {
    const slow = pending<Run>();
    const answers = [running, passed];
    const reads: number[] = [];
    startPoll<Run>({
      read: () => {
        reads.push(Date.now());
        return reads.length === 1 ? slow.request() : Promise.resolve(answers.shift()!);
      },
      intervalMs: INTERVAL,
      onAnswer: () => {},
      until: (run) => run.status !== "running",
      visibility: page(),
    });
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(reads).toEqual([1_000]);
    slow.answer(running);
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(reads).toEqual([1_000, 6_000, 7_000]);
  });

  it("backs off after failed reads, doubling up to its cap, and comes back to the interval after an answer", async () => {
    const onFailure = vi.fn();
    const { reads, seen } = pollOf([unreachable, refused(502), refused(502), refused(502), refused(502), running, passed], {
      maxBackoffMs: 8_000,
      onFailure,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    // The waits after each failure: 2 s, 4 s, 8 s, then the cap of 8 s; after the answer, the interval again.
    expect(reads).toEqual([1_000, 3_000, 7_000, 15_000, 23_000, 31_000, 32_000]);
    expect(onFailure).toHaveBeenCalledTimes(5);
    expect(seen.map((run) => run.status)).toEqual(["running", "passed"]);
  });

  it("reads nothing while the page is hidden, and at once when it shows again with a read due", async () => {
    const { reads, visibility } = pollOf([running]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    visibility.hide();
    await vi.advanceTimersByTimeAsync(INTERVAL * 30);
    expect(reads).toEqual([1_000]);
    visibility.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([1_000, 31_000]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(reads).toEqual([1_000, 31_000, 32_000]);
  });

  it("does not read early when the page shows again before a read is due", async () => {
    const { reads, visibility } = pollOf([running]);
    await vi.advanceTimersByTimeAsync(INTERVAL + 200);
    visibility.hide();
    visibility.show();
    await vi.advanceTimersByTimeAsync(700);
    expect(reads).toEqual([1_000]);
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toEqual([1_000, 2_000]);
  });

  it("stops when told (the component went), and drops an answer that comes after", async () => {
    const slow = pending<Run>();
    const seen: Run[] = [];
    const reads: number[] = [];
    const stop = startPoll<Run>({
      read: () => {
        reads.push(Date.now());
        return slow.request();
      },
      intervalMs: INTERVAL,
      onAnswer: (run) => seen.push(run),
      until: () => false,
      visibility: page(),
    });
    await vi.advanceTimersByTimeAsync(INTERVAL);
    stop();
    slow.answer(running);
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(reads).toEqual([1_000]);
    expect(seen).toEqual([]);
  });

  it("gives up after its time without the last answer", async () => {
    const { reads } = pollOf([running], { giveUpAfterMs: 3_500 });
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(reads).toEqual([1_000, 2_000, 3_000, 4_000]);
  });
});
