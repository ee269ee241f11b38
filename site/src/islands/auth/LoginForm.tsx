import { parseFields, safeRedirectPath, signInSchema, totpCodeSchema } from "@nikki/core";
import { type SubmitEvent, useEffect, useId, useState } from "react";
import { api, call } from "../../lib/client";
import { markTestCallSeen } from "../../lib/test-call-seen";
import { useHydrated } from "../../lib/use-hydrated";
import { useSubmit } from "../../lib/use-submit";
import { EmailField, FormAlert, OneTimeCodeField, TextField } from "../FormField";
import GoogleButton from "./GoogleButton";
import "../form.css";

/** /login: email and password, then the authenticator code when two-factor is on; back to `redirect` after. */
export default function LoginForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"password" | "code">("password");
  const { pending, errors, submit } = useSubmit<"email" | "password" | "code">();
  const [alert, setAlert] = useState<string | null>(null);
  const [destination, setDestination] = useState("/dashboard");
  const [closed, setClosed] = useState(false);
  const hydrated = useHydrated();
  const uid = useId();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setDestination(safeRedirectPath(params.get("redirect")));
    if (params.get("error") === "google") setAlert("Google sign-in did not complete. Please try again.");
    setClosed(params.get("closed") === "1");
  }, []);

  function enter() {
    markTestCallSeen();
    window.location.assign(destination);
  }

  async function submitPassword(event: SubmitEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = parseFields(signInSchema, { email, password });
    const signedIn = await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.auth["sign-in"].email.$post, undefined, { email: email.trim(), password, rememberMe: true }),
      failure: { show: setAlert, fallback: "We couldn't sign you in. Please try again." },
    });
    if (!signedIn) return;
    if (signedIn.data.twoFactorRedirect) setStep("code");
    else enter();
  }

  async function submitCode(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(totpCodeSchema, { code });
    const verified = await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.auth["two-factor"]["verify-totp"].$post, undefined, parsed.ok ? parsed.data : {}),
      failure: { show: setAlert, fallback: "That code didn't work. Please try again." },
    });
    if (verified) enter();
  }

  const alertBox = <FormAlert>{alert}</FormAlert>;

  if (step === "code") {
    return (
      <form className="form" noValidate onSubmit={submitCode}>
        <fieldset className="form-fields" disabled={!hydrated}>
          <p className="muted">Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app.</p>
          <OneTimeCodeField id={`${uid}-code`} label="Authentication code" error={errors.code} value={code} onValue={setCode} disabled={pending} autoFocus />
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
        {closed && (
          <p className="form-notice" role="status">
            Your organization is closed: its subscription is cancelled, its numbers released and its data deleted. Your account remains; sign in to join or
            create another.
          </p>
        )}
        <EmailField id={`${uid}-email`} error={errors.email} value={email} onValue={setEmail} autoComplete="email" disabled={pending} />
        <TextField
          id={`${uid}-password`}
          label="Password"
          required
          error={errors.password}
          value={password}
          onValue={setPassword}
          type="password"
          autoComplete="current-password"
          disabled={pending}
        />
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
