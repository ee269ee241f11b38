import type { ReactNode } from "react";
import FormField from "../../FormField";

/** A number input within a range, with the range said under it. */
export function NumberField({
  id,
  label,
  value,
  onValue,
  min,
  max,
  unit,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: number;
  onValue(value: number): void;
  min: number;
  max: number;
  unit: string;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={Number.isNaN(value) ? "" : value}
        onChange={(event) => onValue(event.target.valueAsNumber)}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {min} to {max} {unit}
      </p>
    </FormField>
  );
}

/** An on/off setting with what it does. */
export function Switch({
  label,
  hint,
  checked,
  onChecked,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChecked(checked: boolean): void;
  disabled?: boolean;
}) {
  return (
    <label className="consent setting-switch">
      <input type="checkbox" checked={checked} onChange={(event) => onChecked(event.target.checked)} disabled={disabled} />
      <span>
        <strong>{label}</strong>
        <br />
        <span className="muted">{hint}</span>
      </span>
    </label>
  );
}

/** A settings section: a card with its heading, its fields and its Save button. */
export function Section({
  id,
  title,
  lead,
  children,
  onSave,
  pending,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
  onSave(): void;
  pending: boolean;
}) {
  return (
    <section className="card panel" aria-labelledby={`${id}-title`} id={id}>
      <div className="panel-head">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          <p>{lead}</p>
        </div>
      </div>
      <form
        className="form settings-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {children}
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
            {pending ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </section>
  );
}
