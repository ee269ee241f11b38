import { ACCOUNT_MESSAGES } from "@nikki/core";
import { type FormEvent, useEffect, useState } from "react";
import { getJson, postJson } from "../../lib/api";
import { type Me, loadMe, reloadMe } from "../../lib/me";
import { toast } from "../../lib/toast";
import { OneTimeCodeField, TextField } from "../FormField";
import "../form.css";

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}
interface AuditEntry {
  id: string;
  action: string;
  actor_email: string | null;
  target: string | null;
  ip: string | null;
  created_at: string;
}

const secretOf = (uri: string) => (new URL(uri).searchParams.get("secret") ?? "").replace(/(.{4})/g, "$1 ").trim();

/** Settings → Security: two-factor enrolment (TOTP), signing out other devices, and the activity log. */
export default function SecuritySettings() {
  const [me, setMe] = useState<Me | null>(null);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);

  useEffect(() => {
    void loadMe().then((current) => {
      setMe(current);
      if (current?.role === "owner" || current?.role === "admin") {
        void getJson<{ entries: AuditEntry[] }>("/api/org/audit").then((result) => setEntries(result.ok ? result.data.entries : []));
      }
    });
  }, []);

  async function withPassword(event: FormEvent, enable: boolean) {
    event.preventDefault();
    if (!password) {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setError(undefined);
    setPending(true);
    const result = await postJson<Enrolment>(`/api/auth/two-factor/${enable ? "enable" : "disable"}`, { password });
    setPending(false);
    setPassword("");
    if (!result.ok) {
      setError(result.error?.message ?? "That didn't work. Please try again.");
      return;
    }
    if (enable) setEnrolment(result.data);
    else {
      setMe(await reloadMe());
      toast({ title: "Two-factor authentication is off" });
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(ACCOUNT_MESSAGES.codeFormat);
      return;
    }
    setError(undefined);
    setPending(true);
    const result = await postJson("/api/auth/two-factor/verify-totp", { code: code.trim() });
    setPending(false);
    if (!result.ok) {
      setError(result.error?.message ?? "That code didn't work. Please try again.");
      return;
    }
    setEnrolment(null);
    setCode("");
    setMe(await reloadMe());
    toast({ title: "Two-factor authentication is on", description: "You'll be asked for a code when you sign in." });
  }

  async function signOutOthers() {
    const result = await postJson("/api/auth/revoke-other-sessions", {});
    if (result.ok) toast({ title: "Signed out everywhere else", description: "Only this browser is still signed in." });
    else toast({ variant: "destructive", title: "Couldn't sign out other devices.", description: result.error?.message });
  }

  const enabled = me?.user.twoFactorEnabled ?? false;
  const passwordField = (
    <TextField
      id="tfa-password"
      label="Confirm your password"
      required
      error={error}
      value={password}
      onValue={setPassword}
      type="password"
      autoComplete="current-password"
      disabled={pending}
    />
  );

  return (
    <section className="card panel" aria-labelledby="security-title" id="security">
      <div className="panel-head">
        <div>
          <h2 id="security-title">Security</h2>
          <p>Protect your account with an authenticator app, and see who did what.</p>
        </div>
      </div>

      <h3 style={{ fontSize: "1.05rem" }}>
        Two-factor authentication{" "}
        <span className="badge" style={enabled ? { color: "var(--success)" } : undefined}>
          {enabled ? "On" : "Off"}
        </span>
      </h3>
      {enrolment ? (
        <form className="form" noValidate onSubmit={verify} style={{ maxWidth: 560 }}>
          <p>
            Add this key to your authenticator app (Google Authenticator, 1Password, Authy…), or <a href={enrolment.totpURI}>open it in your authenticator</a>{" "}
            on this device:
          </p>
          <p className="secret" aria-label="Secret key">
            {secretOf(enrolment.totpURI)}
          </p>
          <p className="muted">Keep these backup codes somewhere safe; each signs you in once if you lose your phone:</p>
          <ul className="codes">
            {enrolment.backupCodes.map((backup) => (
              <li key={backup}>{backup}</li>
            ))}
          </ul>
          <OneTimeCodeField id="tfa-code" label="Code from the app" error={error} value={code} onValue={setCode} disabled={pending} />
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Verifying..." : "Verify and Turn On"}
          </button>
        </form>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void withPassword(event, !enabled)} style={{ maxWidth: 420 }}>
          {passwordField}
          <button type="submit" className={`btn ${enabled ? "btn-danger" : "btn-primary"}`} disabled={pending || !me}>
            {pending ? "Working..." : enabled ? "Turn Off Two-Factor" : "Set Up Two-Factor"}
          </button>
        </form>
      )}

      <h3 style={{ fontSize: "1.05rem", marginTop: 28 }}>Sessions</h3>
      <p className="muted">Signed in on a shared or lost device? End every other session.</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => void signOutOthers()}>
        Sign Out Other Devices
      </button>

      {entries && (
        <>
          <h3 style={{ fontSize: "1.05rem", marginTop: 28 }}>Activity log</h3>
          {entries.length === 0 ? (
            <p className="muted">No activity recorded yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">IP</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{new Date(entry.created_at).toLocaleString()}</td>
                      <td>{entry.actor_email ?? "—"}</td>
                      <td>
                        {entry.action.replaceAll("_", " ")}
                        {entry.target ? `: ${entry.target}` : ""}
                      </td>
                      <td>{entry.ip ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
