import { TEST_CALL_COPY } from "@nikki/core/widget-copy";

/** The phone number a demo call goes to, the same field (keypad, autofill, hint) on every form that places one. */
export function PhoneField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div>
      <label for={id}>{label}</label>
      <input
        id={id}
        class="field"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+14155552671"
        aria-describedby={`${id}-hint`}
        value={value}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      <p class="hint" id={`${id}-hint`}>
        {TEST_CALL_COPY.phoneHint}
      </p>
    </div>
  );
}
