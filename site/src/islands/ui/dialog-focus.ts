/**
 * Focus in a modal dialog (issue 56): where it starts, that Tab and Shift+Tab go round inside it, and where it goes
 * back to. A native modal <dialog> makes the page behind it inert, but tabbing past its last control leaves it for the
 * browser's own toolbar, and it starts on its first control, the ×. A dialog opened from inside another (End call's
 * question in the live view) is in its DOM: each dialog counts only its own controls.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), audio[controls], summary, [tabindex]:not([tabindex="-1"])';
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** The controls of `dialog` itself (not of a dialog inside it) that can take focus now, in tab order. */
function controlsOf(dialog: HTMLDialogElement, selector = FOCUSABLE): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(selector)].filter(
    (element) => element.closest("dialog") === dialog && element.getClientRects().length > 0 && element.tabIndex >= 0,
  );
}

/** Where focus starts: the control marked `data-initial-focus` (a question's safe choice), else a form's first field. */
export function focusInitial(dialog: HTMLDialogElement, isForm: boolean): void {
  const marked = controlsOf(dialog, "[data-initial-focus]")[0];
  const start = marked ?? (isForm ? controlsOf(dialog, FIELD)[0] : undefined);
  start?.focus();
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last: focus stays in the dialog. */
export function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== "Tab" || (event.target as Element | null)?.closest("dialog") !== dialog) return;
  const controls = controlsOf(dialog);
  if (controls.length === 0) return event.preventDefault();
  const first = controls[0]!;
  const last = controls.at(-1)!;
  const at = document.activeElement;
  const inside = at instanceof HTMLElement && controls.includes(at);
  if (event.shiftKey && (at === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (at === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Focus goes back to what had it before the dialog opened (the button that opened it), unless it has already moved on
 * to something outside the dialog (another dialog taking over).
 */
export function returnFocus(dialog: HTMLDialogElement, opener: Element | null): void {
  const at = document.activeElement;
  const lost = at === null || at === document.body || dialog.contains(at);
  if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
}
