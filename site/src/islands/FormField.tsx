import type { ReactNode } from "react";

interface Props {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** The control, which must carry `id` and `aria-describedby={errorId(id)}` when there is an error. */
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;

/** A labelled form control with its message under it (spec 000 §4: errors under each field). */
export default function FormField({ id, label, required = false, error, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {error && (
        <p className="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}
