import { useSyncExternalStore } from "react";
import { currentToasts, dismissToast, subscribeToasts } from "../lib/toast";
import "./toaster.css";

const none: [] = [];

/** Shows the page's toasts, newest last; destructive ones are announced assertively. */
export default function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => none);
  return (
    <section className="toaster" aria-label="Notifications">
      <ol>
        {toasts.map((toast) => (
          <li key={toast.id} className={`toast toast-${toast.variant}`} role={toast.variant === "destructive" ? "alert" : "status"}>
            <div>
              <p className="toast-title">{toast.title}</p>
              {toast.description && <p className="toast-description">{toast.description}</p>}
            </div>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
              ×
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
