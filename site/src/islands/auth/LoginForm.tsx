import { ACCOUNT_MESSAGES, safeRedirectPath } from "@nikki/core";
import { type FormEvent, useEffect, useId, useState } from "react";
import { messageOf, postJson } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import FormField, { errorId } from "../FormField";
import GoogleButton from "./GoogleButton";
import "../form.css";

/** /login: email and password, then the authenticator code when two-factor is on; back to `redirect` after. */
export default function LoginForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"password" | "code">("password");
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [destination, setDestination] = useState("/dashboard");
  const hydrated = useHydrated();
  const uid = useId();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setDestination(safeRedirectPath(params.get("redirect")));
    if (params.get("error") === "google") setAlert("Google sign-in did not complete. Please try again.");
  }, []);

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? {} : { email: ACCOUNT_MESSAGES.email }),
      ...(password ? {} : { password: ACCOUNT_MESSAGES.passwordRequired }),
    };
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const result = await postJson<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", {
      email: email.trim(),
      password,
      rememberMe: true,
    });
    setPending(false);
    if (!result.ok) {
      setAlert(messageOf(result, "We couldn't sign you in. Please try again."));
      return;
    }
    if (result.data.twoFactorRedirect) {
      setStep("code");
      return;
    }
    window.location.assign(destination);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ code: ACCOUNT_MESSAGES.codeFormat });
      return;
    }
    setErrors({});
    setPending(true);
    const result = await postJson("/api/auth/two-factor/verify-totp", { code: code.trim() });
    setPending(false);
    if (!result.ok) {
      setAlert(messageOf(result, "That code didn't work. Please try again."));
      return;
    }
    window.location.assign(destination);
  }

  const alertBox = alert && (
    <p className="form-alert" role="alert">
      {alert}
    </p>
  );

  if (step === "code") {
    return (
      <form className="form" noValidate onSubmit={submitCode}>
        <fieldset className="form-fields" disabled={!hydrated}>
          <p className="muted">
            Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app.
          </p>
          <FormField id={`${uid}-code`} label="Authentication code" required error={errors.code}>
            <input
              id={`${uid}-code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              disabled={pending}
              autoFocus
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? errorId(`${uid}-code`) : undefined}
            />
          </FormField>
          {alertBox}
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Verifying..." : "Verify and Sign In"}
          </button>
        </fieldset>
      </form>
    );
  }

  return (
    <form className="form" noValidate onSubmit={submitPassword}>
      <fieldset className="form-fields" disabled={!hydrated}>
        <FormField id={`${uid}-email`} label="Email" required error={errors.email}>
          <input
            id={`${uid}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={pending}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? errorId(`${uid}-email`) : undefined}
          />
        </FormField>
        <FormField id={`${uid}-password`} label="Password" required error={errors.password}>
          <input
            id={`${uid}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={pending}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? errorId(`${uid}-password`) : undefined}
          />
        </FormField>
        <p className="form-note" style={{ textAlign: "right" }}>
          <a href="/forgot-password">Forgot password?</a>
        </p>
        {alertBox}
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Signing in..." : "Sign In"}
        </button>
        <p className="form-divider">or</p>
        <GoogleButton label="Sign in with Google" callbackPath={destination} />
        <p className="form-note">
          New to Nikki AI? <a href="/signup">Start your free trial</a>
        </p>
      </fieldset>
    </form>
  );
}
