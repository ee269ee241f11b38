import { useEffect, useRef } from "react";
import { type PollOptions, startPoll } from "./poll";

/**
 * Every poll of the site (a Test Suite run, a website import, a test call, a subscription being confirmed): follows
 * `key` (what is followed, a run's id; null: nothing) with `startPoll`'s rules, and stops when the component goes or
 * the key changes (a new key starts over). The options are read as they are at each step, so callbacks may close
 * over the latest state.
 */
export function usePoll<T>(key: string | null, options: PollOptions<T>) {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (key === null) return;
    return startPoll<T>({
      ...latest.current,
      read: () => latest.current.read(),
      onAnswer: (data) => latest.current.onAnswer(data),
      until: (data) => latest.current.until(data),
      onFailure: (result) => latest.current.onFailure?.(result),
    });
  }, [key]);
}
