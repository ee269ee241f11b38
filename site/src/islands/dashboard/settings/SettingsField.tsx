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
  note,
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
  /** What the number governs, said after its range. */
  note?: string;
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
        {note ? `. ${note}` : ""}
      </p>
    </FormField>
  );
}

/** One number of a row of them: its field, label, range and unit. */
export interface NumberSpec<K extends string> {
  key: K;
  id: string;
  label: string;
  range: { min: number; max: number };
  unit: string;
}

/** A row of number fields, each under its own label with its range and its error. */
export function NumberRow<K extends string>({
  specs,
  values,
  onValue,
  errors,
  disabled,
}: {
  specs: readonly NumberSpec<K>[];
  values: Record<K, number>;
  onValue(key: K, value: number): void;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
}) {
  return (
    <div className="settings-row">
      {specs.map((spec) => (
        <NumberField
          key={spec.key}
          id={spec.id}
          label={spec.label}
          value={values[spec.key]}
          onValue={(value) => onValue(spec.key, value)}
          min={spec.range.min}
          max={spec.range.max}
          unit={spec.unit}
          error={errors[spec.key]}
          disabled={disabled}
        />
      ))}
    </div>
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

/** A settings section: a card with its heading, its fields and its Save button (none for a read-only section). */
export function Section({
  id,
  title,
  lead,
  children,
  onSave,
  pending = false,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
  onSave?(): void;
  pending?: boolean;
}) {
  return (
    <section className="card panel" aria-labelledby={`${id}-title`} id={id}>
      <div className="panel-head">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          <p>{lead}</p>
        </div>
      </div>
      {onSave ? (
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
      ) : (
        <div className="settings-form">{children}</div>
      )}
    </section>
  );
}
