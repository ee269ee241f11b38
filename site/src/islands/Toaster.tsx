import { useEffect, useRef, useSyncExternalStore } from "react";
import { currentToasts, dismissToast, subscribeToasts } from "../lib/toast";
import "./toaster.css";

const none: [] = [];

/**
 * Shows the page's toasts, newest last; destructive ones are announced assertively. The list is a manual popover,
 * shown again for each new toast, so it sits in the top layer above any open modal dialog rather than under its
 * backdrop.
 */
export default function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => none);
  const layer = useRef<HTMLElement>(null);
  const newest = toasts.at(-1)?.id;
  useEffect(() => {
    const element = layer.current;
    if (!element?.showPopover) return;
    if (element.matches(":popover-open")) element.hidePopover();
    if (newest !== undefined) element.showPopover();
  }, [newest]);
  return (
    <section className="toaster" aria-label="Notifications" popover="manual" ref={layer}>
      <ol>
        {toasts.map((toast) => (
          <li key={toast.id} className={`toast toast-${toast.variant}`} role={toast.variant === "destructive" ? "alert" : "status"}>
            <div>
              <p className="toast-title">
                {toast.title}
                {toast.count > 1 && <span className="toast-count"> ×{toast.count}</span>}
              </p>
              {toast.description && <p className="toast-description">{toast.description}</p>}
              {toast.link && (
                <a className="toast-link" href={toast.link.href}>
                  {toast.link.label}
                </a>
              )}
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
