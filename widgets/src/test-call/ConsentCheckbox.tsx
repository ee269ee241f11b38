import { DEMO_CALL_CONSENT } from "@nikki/core/widget-copy";

/** The automated-call consent (spec 000 §2), the same words on every form that places a call. */
export function ConsentCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label class="check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span>{DEMO_CALL_CONSENT.text}</span>
    </label>
  );
}
