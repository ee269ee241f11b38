import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "@nikki/core";
import { type FormEvent, useEffect, useId, useState } from "react";
import { messageOf, postJson } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { TextField } from "../FormField";
import "../form.css";

/** /forgot-password: asks for the e-mail and sends the reset link (never says whether the account exists). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<"idle" | "pending" | "sent">("idle");
  const [alert, setAlert] = useState<string | null>(null);
  const hydrated = useHydrated();
  const uid = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(ACCOUNT_MESSAGES.email);
      return;
    }
    setError(undefined);
    setState("pending");
    const result = await postJson("/api/auth/request-password-reset", {
      email: email.trim(),
      redirectTo: "/reset-password",
    });
    if (result.ok) setState("sent");
    else {
      setState("idle");
      setAlert(messageOf(result, "We couldn't send the reset link. Please try again."));
    }
  }

  if (state === "sent") {
    return (
      <p className="form-success" role="status">
        If an account exists for {email.trim()}, a link to reset the password is on its way. It is valid for one hour.
      </p>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="form-fields" disabled={!hydrated}>
        <TextField
          id={`${uid}-email`}
          label="Email"
          required
          error={error}
          value={email}
          onValue={setEmail}
          type="email"
          autoComplete="email"
          disabled={state === "pending"}
        />
        {alert && (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={state === "pending"}>
          {state === "pending" ? "Sending..." : "Send Reset Link"}
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
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<"idle" | "pending" | "done">("idle");
  const [alert, setAlert] = useState<string | null>(null);
  const hydrated = useHydrated();
  const uid = useId();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setToken(params.get("token"));
    setLinkError(!params.get("token") || params.has("error"));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      password.length < PASSWORD_MIN
        ? ACCOUNT_MESSAGES.passwordMin
        : password.length > PASSWORD_MAX
          ? ACCOUNT_MESSAGES.passwordMax
          : undefined;
    setError(problem);
    if (problem || !token) return;
    setState("pending");
    const result = await postJson("/api/auth/reset-password", { newPassword: password, token });
    if (result.ok) setState("done");
    else {
      setState("idle");
      setAlert(messageOf(result, "This reset link is invalid or has expired. Ask for a new one."));
    }
  }

  if (linkError) {
    return (
      <p className="form-alert" role="alert">
        This reset link is invalid or has expired. <a href="/forgot-password">Ask for a new one</a>.
      </p>
    );
  }
  if (state === "done") {
    return (
      <p className="form-success" role="status">
        Your password has been changed and you were signed out everywhere. <a href="/login">Sign in</a> with the new
        password.
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
          error={error}
          hint="Min. 8 characters"
          value={password}
          onValue={setPassword}
          type="password"
          autoComplete="new-password"
          disabled={state === "pending"}
        />
        {alert && (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={state === "pending" || !token}>
          {state === "pending" ? "Saving..." : "Set New Password"}
        </button>
      </fieldset>
    </form>
  );
}
