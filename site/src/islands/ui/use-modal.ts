import { useEffect, useRef } from "react";
import { focusInitial, keepTabInside, returnFocus } from "./dialog-focus";

/**
 * A native modal <dialog> shown while `open`: its focus where it should start (dialog-focus.ts: the safe choice, else
 * a form's first field), Tab kept inside, and focus back on its opener once it closes, however it closed.
 */
export function useModal(open: boolean, isForm = false) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      focusInitial(element, isForm);
    }
    if (!open && element.open) element.close();
  }, [open, isForm]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const trap = (event: KeyboardEvent) => keepTabInside(element, event);
    const back = (event: Event) => event.target === element && returnFocus(element, opener.current);
    element.addEventListener("keydown", trap);
    element.addEventListener("close", back);
    return () => {
      element.removeEventListener("keydown", trap);
      element.removeEventListener("close", back);
    };
  }, []);
  return dialog;
}
