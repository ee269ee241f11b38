import { useState } from "react";
import type { ApiResult } from "./client";
import { type ToastInput, toast } from "./toast";
import { failureDescription } from "./use-resource";

export interface Action<T> {
  /** Which action this is, while it runs (a row's id, "sync"): `busy(key)` is true meanwhile and a second run is ignored. */
  key?: string;
  request(): Promise<ApiResult<T>>;
  /** The destructive toast's title when it fails; the server's message under it (else `fallback`). */
  failure: string;
  fallback?: string;
  /** The toast after it succeeded: fixed, or made from the answer (null: say nothing). */
  success?: ToastInput | ((data: T) => ToastInput | null);
}

/**
 * Every mutation that is not a form (a button, a switch, a confirm dialog): runs it, toasts the outcome with the
 * server's own words, and answers the data, or null when it failed or was already running. `onRunning` is told the
 * keys running after each start and end.
 */
export function createActionRunner(onRunning: (running: ReadonlySet<string>) => void) {
  const inFlight = new Set<string>();
  return async function run<T>(action: Action<T>): Promise<{ data: T } | null> {
    const key = action.key ?? "";
    if (inFlight.has(key)) return null;
    inFlight.add(key);
    onRunning(new Set(inFlight));
    const result = await action.request();
    inFlight.delete(key);
    onRunning(new Set(inFlight));
    if (!result.ok) {
      toast({ variant: "destructive", title: action.failure, description: failureDescription(result) ?? action.fallback });
      return null;
    }
    const told = typeof action.success === "function" ? action.success(result.data) : action.success;
    if (told) toast(told);
    return { data: result.data };
  };
}

/** A component's actions (createActionRunner), with which are running. */
export function useAction() {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const [run] = useState(() => createActionRunner(setRunning));
  return {
    run,
    /** Whether the action with this key (any, without one) is running. */
    busy: (key?: string) => (key === undefined ? running.size > 0 : running.has(key)),
  };
}
