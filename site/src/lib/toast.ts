import { LIMITS, TIMINGS } from "@nikki/core";

/** The site's toasts: one store shared by every island on the page, at most three shown at once. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
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
export type ToastInput = Omit<Toast, "id" | "variant"> & { variant?: Toast["variant"] };

export function toast(input: ToastInput): number {
  const id = nextId++;
  const next: Toast = { variant: "default", ...input, id };
  toasts = [...toasts, next].slice(-LIMITS.toastsVisible);
  emit();
  setTimeout(() => dismissToast(id), TIMINGS.toastDurationMs);
  return id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
