import { type RefObject, useEffect } from "react";

/**
 * A menu that is open closes on a click outside it or on Escape; after Escape the focus goes back to its button.
 */
export function useDismiss(open: boolean, close: () => void, menu: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const dismiss = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== "Escape") return;
      if (event instanceof MouseEvent && menu.current?.contains(event.target as Node)) return;
      close();
      if (event instanceof KeyboardEvent) button.current?.focus();
    };
    document.addEventListener("click", dismiss);
    document.addEventListener("keydown", dismiss);
    return () => {
      document.removeEventListener("click", dismiss);
      document.removeEventListener("keydown", dismiss);
    };
  }, [open, close, menu, button]);
}
