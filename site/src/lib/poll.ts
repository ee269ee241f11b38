import type { ApiResult } from "./client";

/** Whether the page is hidden, and when that changes: the document's, in the browser. */
export interface Visibility {
  hidden(): boolean;
  onChange(listener: () => void): () => void;
}

export const documentVisibility: Visibility = {
  hidden: () => document.visibilityState === "hidden",
  onChange(listener) {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
};

export interface PollOptions<T> {
  read(): Promise<ApiResult<T>>;
  /** The wait after each answer before the next read. */
  intervalMs: number;
  /** Every good answer, the last one included. */
  onAnswer(data: T): void;
  /** Whether this answer is the last one needed (the run it follows ended): nothing more is read. */
  until(data: T): boolean;
  /** Each failed read (the poll tries again, later). */
  onFailure?(result: ApiResult<T>): void;
  /** Read once at the start, rather than after the first interval. */
  immediate?: boolean;
  /** After a failed read the wait doubles, up to this (default: eight intervals); a good answer resets it. */
  maxBackoffMs?: number;
  /** Give up after this long without the last answer (default: never). */
  giveUpAfterMs?: number;
  visibility?: Visibility;
}

const BACKOFF_INTERVALS = 8;

/**
 * Reads `read` every `intervalMs` until `until` says an answer is the last, and answers the function that stops it.
 * One read at a time: the next waits for the answer before it. While the page is hidden nothing is read; once it
 * shows again, a read that fell due meanwhile goes at once. A read that fails (network, server) is tried again after
 * a wait that doubles each time; an answer that comes after the poll was stopped is dropped.
 */
export function startPoll<T>(options: PollOptions<T>): () => void {
  const visibility = options.visibility ?? documentVisibility;
  const maxBackoffMs = options.maxBackoffMs ?? options.intervalMs * BACKOFF_INTERVALS;
  const startedAt = Date.now();
  let stopped = false;
  let reading = false;
  let dueWhileHidden = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopWatching = visibility.onChange(() => {
    if (stopped || reading || visibility.hidden() || !dueWhileHidden) return;
    dueWhileHidden = false;
    void tick();
  });
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    stopWatching();
  };

  async function tick() {
    timer = undefined;
    if (stopped) return;
    if (visibility.hidden()) {
      dueWhileHidden = true;
      return;
    }
    reading = true;
    const result = await options.read().catch((): ApiResult<T> => ({ ok: false, status: 0, error: null }));
    reading = false;
    if (stopped) return;
    if (result.ok) {
      failures = 0;
      options.onAnswer(result.data);
      if (options.until(result.data)) return stop();
    } else {
      failures++;
      options.onFailure?.(result);
    }
    if (options.giveUpAfterMs !== undefined && Date.now() - startedAt >= options.giveUpAfterMs) return stop();
    timer = setTimeout(() => void tick(), failures ? Math.min(options.intervalMs * 2 ** failures, maxBackoffMs) : options.intervalMs);
  }

  timer = setTimeout(() => void tick(), options.immediate ? 0 : options.intervalMs);
  return stop;
}
