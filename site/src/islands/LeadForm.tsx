import { LEAD_INTENTS, LEAD_INTENT_LABELS, type LeadField, type LeadInput, TIMINGS, validateLead } from "@nikki/core";
import { type ChangeEvent, type ReactNode, type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import { api, call } from "../lib/client";
import { useHydrated } from "../lib/use-hydrated";
import { useSubmit } from "../lib/use-submit";
import FormField, { errorId } from "./FormField";
import "./form.css";

type Values = Required<Omit<LeadInput, "source_page">>;
type Errors = Partial<Record<LeadField, string>>;

const EMPTY: Values = { name: "", phone: "", email: "", intent: "", notes: "", desired_date_time: "" };

interface Props {
  /** Go to /thank-you?lead={id} two seconds after success (spec 000 §4); otherwise reset and call onSuccess. */
  redirect?: boolean;
  defaultIntent?: Values["intent"];
  submitLabel?: string;
  onSuccess?: () => void;
}

/** The lead form of spec 000 §4-§5: every state, the spec's messages under each field. */
export default function LeadForm({ redirect = true, defaultIntent = "", submitLabel = "Get Started", onSuccess }: Props) {
  const initial = { ...EMPTY, intent: defaultIntent };
  const [values, setValues] = useState<Values>(initial);
  const { pending, errors, setErrors, submit: send } = useSubmit<LeadField>();
  const [attempted, setAttempted] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  // Until hydrated the fields are disabled: a submit would be the browser's own GET with the fields in the
  // URL, and text typed before hydration can be reset by it.
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const uid = useId();
  const fieldId = (field: LeadField) => `${uid}-${field}`;

  useEffect(() => () => clearTimeout(timer.current), []);

  function check(next: Values): Errors {
    const result = validateLead(next);
    return result.ok ? {} : result.fields;
  }

  function change(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (attempted) setErrors(check(next));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (succeeded) return;
    setAttempted(true);
    const found = check(values);
    const firstInvalid = (Object.keys(EMPTY) as LeadField[]).find((field) => found[field]);
    if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
    const created = await send({
      invalid: found,
      request: () => call(api.leads.$post, undefined, { ...values, source_page: window.location.pathname }),
      failure: { toast: "Submission failed" },
      success: { title: "Thank you!", description: "We've received your information and will contact you shortly." },
    });
    if (!created) return;
    setSucceeded(true);
    const { id } = created.data;
    timer.current = setTimeout(() => {
      if (redirect && id) {
        window.location.assign(`/thank-you?lead=${encodeURIComponent(id)}`);
        return;
      }
      setValues(initial);
      setErrors({});
      setAttempted(false);
      setSucceeded(false);
      onSuccess?.();
    }, TIMINGS.leadRedirectMs);
  }

  if (succeeded) {
    return (
      <div className="lead-success" role="status">
        <div className="lead-success-icon" aria-hidden="true">
          ✓
        </div>
        <h3>Success!</h3>
        <p>Thank you for reaching out. Our team will contact you within 24 hours.</p>
      </div>
    );
  }

  const disabled = pending;
  const common = (field: LeadField) => ({
    id: fieldId(field),
    name: field,
    value: values[field as keyof Values],
    onChange: change,
    disabled,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? errorId(fieldId(field)) : undefined,
  });
  const field = (name: LeadField, label: string, control: ReactNode, required = false) => (
    <FormField id={fieldId(name)} label={label} required={required} error={errors[name]}>
      {control}
    </FormField>
  );

  return (
    <form className="form lead-form" noValidate onSubmit={submit} aria-busy={disabled}>
      <fieldset className="form-fields" disabled={!hydrated}>
        <div className="form-row">
          {field("name", "Name", <input {...common("name")} type="text" autoComplete="name" placeholder="Jane Smith" required />, true)}
          {field("phone", "Phone", <input {...common("phone")} type="tel" autoComplete="tel" placeholder="(415) 555-2671" required />, true)}
        </div>
        {field("email", "Email", <input {...common("email")} type="email" autoComplete="email" placeholder="jane@business.com" />)}
        <div className="form-row">
          {field(
            "intent",
            "How can we help?",
            <select {...common("intent")}>
              <option value="">Choose an option</option>
              {LEAD_INTENTS.map((intent) => (
                <option key={intent} value={intent}>
                  {LEAD_INTENT_LABELS[intent]}
                </option>
              ))}
            </select>,
          )}
          {field("desired_date_time", "Preferred date and time", <input {...common("desired_date_time")} type="datetime-local" />)}
        </div>
        {field("notes", "Notes", <textarea {...common("notes")} rows={3} placeholder="Tell us about your business and your calls" />)}
        <button type="submit" className="btn btn-primary btn-block" disabled={disabled}>
          {disabled ? "Submitting..." : submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
