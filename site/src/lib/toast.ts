import { LIMITS, TIMINGS } from "@nikki/core";
import { TOAST_RAISED } from "./toast-raised";

/** The site's toasts: one store shared by every island on the page, at most three shown at once. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  /** Where the next step is, when there is one to take. */
  link?: { href: string; label: string };
  /** How many times the same toast was raised while it showed: one toast "×3", not three alike. */
  count: number;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** What a toast says: its title, description and variant (default unless destructive). */
export type ToastInput = Omit<Toast, "id" | "variant" | "count"> & { variant?: Toast["variant"] };

const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a toast for TIMINGS.toastDurationMs. The same words again while it shows add to its count and restart its
 * time (it becomes the newest); it keeps its id.
 */
export function toast(input: ToastInput): number {
  const variant = input.variant ?? "default";
  const same = toasts.find((shown) => shown.title === input.title && shown.description === input.description && shown.variant === variant);
  const id = same?.id ?? nextId++;
  const next: Toast = { ...input, variant, id, count: (same?.count ?? 0) + 1 };
  toasts = [...toasts.filter((shown) => shown.id !== id), next].slice(-LIMITS.toastsVisible);
  emit();
  dispatchEvent(new Event(TOAST_RAISED));
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      dismissToast(id);
    }, TIMINGS.toastDurationMs),
  );
  return id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
