/** The window event `toast()` raises: the Toaster island hydrates on the first one (lib/hydrate-on-toast.ts). */
export const TOAST_RAISED = "site:toast-raised";
