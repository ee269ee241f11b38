import { type SignupInput, parseFields, signupSchema } from "@nikki/core";
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from "react";
import { getJson, messageOf, postJson } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import FormField, { errorId } from "../FormField";
import GoogleButton from "./GoogleButton";
import "../form.css";

type Values = { firstName: string; lastName: string; email: string; company: string; password: string };
type Field = keyof Values;

interface Invitation {
  organization_name: string;
  email: string;
  role: string;
  status: string;
}

/** /signup (spec 000 §2): the account and its organization; from an invitation, joins that organization. */
export default function SignupForm() {
  const [values, setValues] = useState<Values>({ firstName: "", lastName: "", email: "", company: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [invitationId, setInvitationId] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const hydrated = useHydrated();
  const uid = useId();
  const id = (field: Field) => `${uid}-${field}`;

  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get("invitation");
    if (!fromUrl) return;
    setInvitationId(fromUrl);
    void getJson<{ invitation: Invitation }>(`/api/invitations/${encodeURIComponent(fromUrl)}`).then((result) => {
      if (result.ok && result.data.invitation.status === "pending") {
        setInvitation(result.data.invitation);
        setValues((current) => ({ ...current, email: result.data.invitation.email }));
      } else {
        setAlert("This invitation is invalid or has expired. Ask your administrator for a new one.");
      }
    });
  }, []);

  const payload = (next: Values): SignupInput => ({
    ...next,
    company: invitationId ? undefined : next.company,
    invitationId: invitationId ?? undefined,
  });
  const check = (next: Values) => {
    const parsed = parseFields(signupSchema, payload(next));
    return parsed.ok ? {} : parsed.fields;
  };

  function change(event: ChangeEvent<HTMLInputElement>) {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (attempted) setErrors(check(next));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setAlert(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const result = await postJson("/api/account/signup", payload(values));
    if (result.ok) {
      window.location.assign("/dashboard");
      return;
    }
    setPending(false);
    if (result.error?.fields) setErrors(result.error.fields);
    setAlert(messageOf(result, "We couldn't create your account. Please try again."));
  }

  const input = (field: Field, type: string, autoComplete: string, extra: Record<string, unknown> = {}) => (
    <input
      id={id(field)}
      name={field}
      type={type}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={change}
      disabled={pending}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={
        [errors[field] ? errorId(id(field)) : "", field === "password" ? `${id(field)}-hint` : ""].join(" ").trim() ||
        undefined
      }
      {...extra}
    />
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="form-fields" disabled={!hydrated}>
        {invitation && (
          <p className="form-success">
            You're joining <strong>{invitation.organization_name}</strong> as {invitation.role}.
          </p>
        )}
        <div className="form-row">
          <FormField id={id("firstName")} label="First name" required error={errors.firstName}>
            {input("firstName", "text", "given-name")}
          </FormField>
          <FormField id={id("lastName")} label="Last name" required error={errors.lastName}>
            {input("lastName", "text", "family-name")}
          </FormField>
        </div>
        <FormField id={id("email")} label="Email" required error={errors.email}>
          {input("email", "email", "email", { readOnly: Boolean(invitation) })}
        </FormField>
        {!invitationId && (
          <FormField id={id("company")} label="Company name" required error={errors.company}>
            {input("company", "text", "organization")}
          </FormField>
        )}
        <FormField id={id("password")} label="Password" required error={errors.password}>
          {input("password", "password", "new-password")}
          <p className="field-hint" id={`${id("password")}-hint`}>
            Min. 8 characters
          </p>
        </FormField>
        {alert && (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Creating your account..." : invitation ? "Create Account and Join" : "Start Free Trial"}
        </button>
        {!invitationId && (
          <>
            <p className="form-divider">or</p>
            <GoogleButton label="Sign up with Google" callbackPath="/dashboard" />
          </>
        )}
        <p className="form-note">
          By signing up you agree to our <a href="/contact">Terms of Service</a> and{" "}
          <a href="/contact">Privacy Policy</a>.
        </p>
        <p className="form-note">
          Already have an account?{" "}
          <a href={invitationId ? `/login?redirect=${encodeURIComponent(`/invite?id=${invitationId}`)}` : "/login"}>
            Sign in
          </a>
        </p>
      </fieldset>
    </form>
  );
}
