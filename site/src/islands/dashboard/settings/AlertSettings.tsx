import { useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { Section, Switch } from "./SettingsField";
import { type LoadedSettings, useSettingsSection } from "./use-settings";

/** The organization's alert channels (owners and admins): e-mail to the owner and opted-in members, text to the digest phone. */
export function AlertChannelSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, pending } = useSettingsSection(loaded, ["alert_email", "alert_sms"] as const);
  const digestPhone = loaded.settings.digest_phone;
  return (
    <Section
      id="alerts"
      title="Call alerts"
      lead="Within a minute of a call that captured a lead, booked an appointment or was urgent."
      onSave={() => void save()}
      pending={pending}
    >
      <>
        <Switch
          label="E-mail alerts"
          hint="To the owner, and to each member who turns on “E-mail me call alerts”."
          checked={draft.alert_email}
          onChecked={(value) => set("alert_email", value)}
          disabled={pending}
        />
        <Switch
          label="Text alerts"
          hint={
            digestPhone
              ? `To ${digestPhone}, the morning digest's number (Phone and limits).`
              : "Set the morning digest's number under Phone and limits to get them by text."
          }
          checked={draft.alert_sms}
          onChecked={(value) => set("alert_sms", value)}
          disabled={pending}
        />
      </>
    </Section>
  );
}

/** Every member's own choice: call alerts by e-mail, saved as soon as it is switched. */
export function MyAlertSettings() {
  const me = useMe();
  const [on, setOn] = useState<boolean | null>(null);
  const action = useAction();
  if (!me?.organization) return null;
  const owner = me.role === "owner";
  const current = on ?? me.call_alerts;
  async function change(value: boolean) {
    const done = await action.run({
      request: () => call(api.org.members.me.alerts.$put, undefined, { call_alerts: value }),
      failure: "Failed to save settings.",
      success: { title: "Saved", description: value ? "You'll get call alerts by e-mail." : "You won't get call alerts by e-mail." },
    });
    if (done) setOn(done.data.call_alerts);
  }
  return (
    <section className="card panel" aria-labelledby="my-alerts-title">
      <div className="panel-head">
        <div>
          <h2 id="my-alerts-title">My alerts</h2>
          <p>An e-mail to {me.user.email} when a call brings a lead, a booking or something urgent.</p>
        </div>
      </div>
      {owner ? (
        <p className="muted">As the owner you always get them while e-mail alerts are on for the organization.</p>
      ) : (
        <Switch
          label="E-mail me call alerts"
          hint="Only while the organization's e-mail alerts are on."
          checked={current}
          onChecked={(value) => void change(value)}
          disabled={action.busy()}
        />
      )}
    </section>
  );
}
