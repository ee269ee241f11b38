import { PHONE_EXAMPLES, type Region, TIME_ZONE_DETECTING, currentTimeZoneName, timeZoneChoices, zoneName } from "@nikki/core";
import { type InputHTMLAttributes, type ReactNode, type Ref, useMemo } from "react";

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
  /** The input itself (a dialog moves the focus to it). */
  ref?: Ref<HTMLInputElement>;
};

/** A control's value, change handler and links to its error and hint for assistive technology. */
function wiredControl(field: { id: string; value: string; onValue(value: string): void; error?: string; hint?: string }) {
  const describedBy = [field.error ? errorId(field.id) : "", field.hint ? `${field.id}-hint` : ""].filter(Boolean).join(" ");
  return {
    id: field.id,
    value: field.value,
    onChange: (event: { target: { value: string } }) => field.onValue(event.target.value),
    "aria-invalid": field.error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

function FieldHint({ id, hint }: { id: string; hint?: string }) {
  if (!hint) return null;
  return (
    <p className="field-hint" id={`${id}-hint`}>
      {hint}
    </p>
  );
}

/** A labelled text input wired to its error and hint for assistive technology. */
export function TextField({ id, label, value, onValue, error, hint, required, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <input {...wiredControl({ id, value, onValue, error, hint })} {...input} />
      <FieldHint id={id} hint={hint} />
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

/** A phone number as the member dials it, its placeholder written as in the organization's region (core's parsePhone reads it). */
export function PhoneField({ region, ...props }: Omit<TextFieldProps, "type" | "autoComplete" | "placeholder"> & { region: Region }) {
  return <TextField type="tel" autoComplete="tel" placeholder={PHONE_EXAMPLES[region]} {...props} />;
}

/** Each zone's label made once a page (an Intl formatter each), not again whenever the chosen zone changes. */
const zoneLabels = new Map<string, string>();

/**
 * A zone as an owner reads it under its region: its place, then what it is called ("Denver (Mountain Time)"), so typing
 * a city's first letters finds it.
 */
function zoneLabel(zone: string): string {
  let label = zoneLabels.get(zone);
  if (label === undefined) {
    const place = (zone.includes("/") ? zone.slice(zone.indexOf("/") + 1) : zone).replace(/_/g, " ").replace(/\//g, " / ");
    const name = zoneName(zone);
    label = name === zone ? place : `${place} (${name})`;
    zoneLabels.set(zone, label);
  }
  return label;
}

/** The zones under their region (America, Europe, …; UTC on its own), each with its label, for a select's groups. */
function zonesByRegion(current: string): [string, { zone: string; label: string }[]][] {
  const regions = new Map<string, { zone: string; label: string }[]>();
  for (const zone of timeZoneChoices(current)) {
    const region = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "Other";
    regions.set(region, [...(regions.get(region) ?? []), { zone, label: zoneLabel(zone) }]);
  }
  return [...regions];
}

/**
 * A business's time zone: every IANA zone the browser knows, by region, the current one among them. With no value yet
 * (the page has not run in the browser, so the browser's zone is unknown) it says it is detecting it and takes no input:
 * a zone shown before then would be a guess a fast submit could save.
 */
export function TimeZoneField({
  id,
  label = "Time zone",
  value,
  onValue,
  error,
  hint,
  disabled,
}: {
  id: string;
  label?: string;
  value: string;
  onValue(value: string): void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  const regions = useMemo(() => (value ? zonesByRegion(value) : []), [value]);
  return (
    <FormField id={id} label={label} error={error}>
      <select {...wiredControl({ id, value: value && currentTimeZoneName(value), onValue, error, hint })} disabled={disabled || !value}>
        {!value && <option value="">{TIME_ZONE_DETECTING}</option>}
        {regions.map(([region, zones]) => (
          <optgroup key={region} label={region}>
            {zones.map(({ zone, label }) => (
              <option key={zone} value={zone}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldHint id={id} hint={hint} />
    </FormField>
  );
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
