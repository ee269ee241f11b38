import type { InputHTMLAttributes, ReactNode } from "react";

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

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange"> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
};

/** A labelled text input wired to its error and hint for assistive technology. */
export function TextField({ id, label, value, onValue, error, hint, required, ...input }: TextFieldProps) {
  const describedBy = [error ? errorId(id) : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </FormField>
  );
}

/** The 6-digit code of an authenticator app (sign-in challenge and two-factor enrolment). */
export function OneTimeCodeField(props: Omit<TextFieldProps, "inputMode" | "autoComplete" | "maxLength">) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...props} />;
}

/** An e-mail address field (sign-in, password reset, invitations). */
export function EmailField(props: Omit<TextFieldProps, "type" | "label">) {
  return <TextField label="Email" type="email" required {...props} />;
}

/** What went wrong with the whole form, announced as it appears; nothing when there is nothing to say. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-alert" role="alert">
      {children}
    </p>
  );
}
