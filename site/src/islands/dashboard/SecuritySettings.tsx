import { canManage, parseFields, passwordConfirmSchema, totpCodeSchema } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { type DataOf, api, call } from "../../lib/client";
import { reloadMe, useMe } from "../../lib/me";
import { useAction } from "../../lib/use-action";
import { useResource } from "../../lib/use-resource";
import { useSubmit } from "../../lib/use-submit";
import { OneTimeCodeField, TextField } from "../FormField";
import DataTable from "../ui/DataTable";
import EmptyState from "../ui/EmptyState";
import Loaded from "../ui/Loaded";
import StatusBadge from "../ui/StatusBadge";
import Time from "../ui/Time";
import "../form.css";

type Enrolment = DataOf<(typeof api.auth)["two-factor"]["enable"]["$post"]>;
type AuditEntry = DataOf<typeof api.org.audit.$get>["entries"][number];

const secretOf = (uri: string) => (new URL(uri).searchParams.get("secret") ?? "").replace(/(.{4})/g, "$1 ").trim();

/** Settings → Security: two-factor enrolment (TOTP), signing out other devices, and the activity log. */
export default function SecuritySettings() {
  const me = useMe();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const form = useSubmit<"password" | "code">();
  const action = useAction();
  const manager = canManage(me?.role);
  const activity = useResource(() => call(api.org.audit.$get), { failure: "Failed to load settings", skip: !manager, deps: [manager] });
  const enabled = me?.user.twoFactorEnabled ?? false;

  async function withPassword(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(passwordConfirmSchema, { password });
    const failure = { show: (message: string) => form.setErrors({ password: message }), fallback: "That didn't work. Please try again." };
    const invalid = parsed.ok ? {} : parsed.fields;
    if (!enabled) {
      const started = await form.submit({ invalid, failure, request: () => call(api.auth["two-factor"].enable.$post, undefined, { password }) });
      setPassword("");
      if (started) setEnrolment(started.data);
      return;
    }
    const stopped = await form.submit({
      invalid,
      failure,
      request: () => call(api.auth["two-factor"].disable.$post, undefined, { password }),
      success: { title: "Two-factor authentication is off" },
    });
    setPassword("");
    if (stopped) await reloadMe();
  }

  async function verify(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(totpCodeSchema, { code });
    const done = await form.submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.auth["two-factor"]["verify-totp"].$post, undefined, parsed.ok ? parsed.data : {}),
      failure: { show: (message) => form.setErrors({ code: message }), fallback: "That code didn't work. Please try again." },
      success: { title: "Two-factor authentication is on", description: "You'll be asked for a code when you sign in." },
    });
    if (!done) return;
    setEnrolment(null);
    setCode("");
    await reloadMe();
  }

  const signOutOthers = () =>
    action.run({
      request: () => call(api.auth["revoke-other-sessions"].$post, undefined, {}),
      failure: "Couldn't sign out other devices.",
      success: { title: "Signed out everywhere else", description: "Only this browser is still signed in." },
    });

  return (
    <section className="card panel" aria-labelledby="security-title" id="security">
      <div className="panel-head">
        <div>
          <h2 id="security-title">Security</h2>
          <p>Protect your account with an authenticator app, and see who did what.</p>
        </div>
      </div>

      <h3 className="settings-subtitle first">
        Two-factor authentication <StatusBadge kind="twoFactor" status={enabled ? "on" : "off"} />
      </h3>
      {enrolment ? (
        <form className="form form-narrow" noValidate onSubmit={verify}>
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
          <OneTimeCodeField id="tfa-code" label="Code from the app" error={form.errors.code} value={code} onValue={setCode} disabled={form.pending} />
          <button type="submit" className="btn btn-primary" disabled={form.pending}>
            {form.pending ? "Verifying..." : "Verify and Turn On"}
          </button>
        </form>
      ) : (
        <form className="form form-narrow" noValidate onSubmit={withPassword}>
          <TextField
            id="tfa-password"
            label="Confirm your password"
            required
            error={form.errors.password}
            value={password}
            onValue={setPassword}
            type="password"
            autoComplete="current-password"
            disabled={form.pending}
          />
          <button type="submit" className={`btn ${enabled ? "btn-danger" : "btn-primary"}`} disabled={form.pending || !me}>
            {form.pending ? "Working..." : enabled ? "Turn Off Two-Factor" : "Set Up Two-Factor"}
          </button>
        </form>
      )}

      <h3 className="settings-subtitle">Sessions</h3>
      <p className="muted">Signed in on a shared or lost device? End every other session.</p>
      <button type="button" className="btn btn-secondary btn-sm" disabled={action.busy()} onClick={() => void signOutOthers()}>
        Sign Out Other Devices
      </button>

      {manager && (
        <>
          <h3 className="settings-subtitle">Activity log</h3>
          <Loaded resource={activity} loading="Loading the activity log…">
            {({ entries }) => (
              <DataTable
                caption="Activity log"
                rows={entries}
                rowKey={(entry: AuditEntry) => entry.id}
                empty={<EmptyState message="No activity recorded yet." />}
                columns={[
                  { header: "When", cell: (entry) => <Time at={entry.created_at} /> },
                  { header: "Who", cell: (entry) => entry.actor_email ?? "—" },
                  { header: "What", cell: (entry) => entry.summary },
                  { header: "IP", cell: (entry) => entry.ip ?? "—" },
                ]}
              />
            )}
          </Loaded>
        </>
      )}
    </section>
  );
}
