import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef } from "react";

interface DialogProps {
  title: string;
  onClose(): void;
  children: ComponentChildren;
  /** Where focus goes back to when the dialog closes. */
  returnFocus?: HTMLElement | null | undefined;
}

const FOCUSABLE = 'a[href],button:not(:disabled),input:not(:disabled),select,textarea,[tabindex]:not([tabindex="-1"])';

/** A modal dialog inside a widget's shadow root: labelled, Escape closes, Tab stays inside, focus returns. */
export function Dialog({ title, onClose, children, returnFocus }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const id = useRef(`nikki-dialog-${Math.random().toString(36).slice(2, 8)}`).current;

  // A layout effect: focus is inside (where Escape and Tab are heard) as soon as the dialog is, not a frame later; an
  // Escape pressed right after a page opened it with Nikki("open") was lost under load.
  useLayoutEffect(() => {
    const restore = returnFocus ?? null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => restore?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const active = (box.current.getRootNode() as ShadowRoot).activeElement;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div class="overlay" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={box} class="dialog" role="dialog" aria-modal="true" aria-labelledby={id} onKeyDown={onKeyDown}>
        <div class="dialog-head">
          <h2 id={id}>{title}</h2>
          <button type="button" class="icon" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
