import { sharedValue, useSharedValue } from "./shared-value";

export interface Toast {
  id: number;
  title: string;
  message?: string;
  tone: "success" | "error" | "info";
}

let nextId = 0;

/** A toast stack per widget (each lives in its own shadow root). Five seconds each, newest first, three at most. */
export function createToasts() {
  const list = sharedValue<Toast[]>([]);
  const show = (tone: Toast["tone"], title: string, message?: string) => {
    const toast: Toast = { id: ++nextId, tone, title, ...(message ? { message } : {}) };
    list.value = [toast, ...list.value].slice(0, 3);
    setTimeout(() => (list.value = list.value.filter((item) => item.id !== toast.id)), 5_000);
  };

  function Toasts() {
    const shown = useSharedValue(list);
    return (
      <div class="toasts" role="region" aria-label="Notifications">
        <div aria-live="polite">
          {shown.map((toast) => (
            <div key={toast.id} class={`toast ${toast.tone}`} role={toast.tone === "error" ? "alert" : "status"}>
              <strong>{toast.title}</strong>
              {toast.message && <p>{toast.message}</p>}
            </div>
          ))}
        </div>
      </div>
    );
  }

  return { show, Toasts };
}
