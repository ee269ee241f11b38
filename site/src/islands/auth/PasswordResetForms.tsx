import { newPasswordSchema, parseFields, passwordResetRequestSchema } from "@nikki/core";
import { type SubmitEvent, useEffect, useId, useState } from "react";
import { api, call } from "../../lib/client";
import { useHydrated } from "../../lib/use-hydrated";
import { useSubmit } from "../../lib/use-submit";
import { EmailField, FormAlert, TextField } from "../FormField";
import "../form.css";

/** /forgot-password: asks for the e-mail and sends the reset link (never says whether the account exists). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const { pending, errors, submit: send } = useSubmit<"email">();
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const hydrated = useHydrated();
  const uid = useId();

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const checked = parseFields(passwordResetRequestSchema, { email });
    const done = await send({
      invalid: checked.ok ? {} : checked.fields,
      request: () => call(api.auth["request-password-reset"].$post, undefined, { email: email.trim(), redirectTo: "/reset-password" }),
      failure: { show: setAlert, fallback: "We couldn't send the reset link. Please try again." },
    });
    if (done) setSent(true);
  }

  if (sent) {
    return (
      <p className="form-success" role="status">
        If an account exists for {email.trim()}, a link to reset the password is on its way. It is valid for one hour.
      </p>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="form-fields" disabled={!hydrated}>
        <EmailField id={`${uid}-email`} error={errors.email} value={email} onValue={setEmail} autoComplete="email" disabled={pending} />
        <FormAlert>{alert}</FormAlert>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Sending..." : "Send Reset Link"}
        </button>
        <p className="form-note">
          <a href="/login">Back to sign in</a>
        </p>
      </fieldset>
    </form>
  );
}

/** /reset-password?token=…: the new password, checked against the same rules as sign-up. */
export function ResetPasswordForm() {
  const [token, setToken] = useState<string | null>(null);
  const [linkError, setLinkError] = useState(false);
  const [password, setPassword] = useState("");
  const { pending, errors, submit: send } = useSubmit<"password">();
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const hydrated = useHydrated();
  const uid = useId();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setToken(params.get("token"));
    setLinkError(!params.get("token") || params.has("error"));
  }, []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const checked = parseFields(newPasswordSchema, { password });
    if (!token) return;
    const changed = await send({
      invalid: checked.ok ? {} : checked.fields,
      request: () => call(api.auth["reset-password"].$post, undefined, { newPassword: password, token }),
      failure: { show: setAlert, fallback: "This reset link is invalid or has expired. Ask for a new one." },
    });
    if (changed) setDone(true);
  }

  if (linkError) {
    return (
      <FormAlert>
        This reset link is invalid or has expired. <a href="/forgot-password">Ask for a new one</a>.
      </FormAlert>
    );
  }
  if (done) {
    return (
      <p className="form-success" role="status">
        Your password has been changed and you were signed out everywhere. <a href="/login">Sign in</a> with the new password.
      </p>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="form-fields" disabled={!hydrated}>
        <TextField
          id={`${uid}-password`}
          label="New password"
          required
          error={errors.password}
          hint="Min. 8 characters"
          value={password}
          onValue={setPassword}
          type="password"
          autoComplete="new-password"
          disabled={pending}
        />
        <FormAlert>{alert}</FormAlert>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending || !token}>
          {pending ? "Saving..." : "Set New Password"}
        </button>
      </fieldset>
    </form>
  );
}
