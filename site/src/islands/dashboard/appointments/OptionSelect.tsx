import { errorId } from "../../FormField";

export interface Option {
  id: string;
  name: string;
}

/** A choice among the organization's services or agents, with a first option for none in particular. */
export default function OptionSelect({
  id,
  value,
  onChange,
  options,
  none,
  disabled,
  invalid,
}: {
  id?: string;
  value: string;
  onChange(value: string): void;
  options: readonly Option[];
  /** The first option's words (value ""), if there is one. */
  none?: string;
  disabled?: boolean;
  /** The field has an error under it (`errorId(id)`). */
  invalid?: boolean;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid && id ? errorId(id) : undefined}
    >
      {none !== undefined && <option value="">{none}</option>}
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
