import { OPERATOR_CALL_MESSAGES, RESTRICTED_PAGES } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { toast } from "../../../lib/toast";
import { TextField } from "../../FormField";
import Loaded from "../../ui/Loaded";
import TestCallButton, { type TestCallCopy } from "../TestCallButton";
import { Section } from "../settings/SettingsField";
import { type LoadedSettings, useSettings, useSettingsSection } from "../settings/use-settings";
import "../agents/agents.css";
import "../settings/settings.css";
import "./health.css";
import { type ProbeRow, ProbeList, useCanOperate, useProbes } from "./use-probes";

const ROWS: ProbeRow[] = [
  { target: "bridge_health", name: "Voice bridge", detail: <p className="muted">The bridge's health URL answers “Voice Bridge OK”.</p> },
  { target: "crm_webhook", name: "CRM webhook", detail: <p className="muted">A health-check post to the CRM webhook is accepted (any 2xx).</p> },
  { target: "sms_sender", name: "Post-call SMS sender", detail: <p className="muted">The sender is one of your active numbers.</p> },
];

const SALES_TEST_CALL: TestCallCopy = {
  button: "Place Test Call (Sales Intent)",
  toastInvalid: true,
  failure: { title: OPERATOR_CALL_MESSAGES.failedTitle, fallback: OPERATOR_CALL_MESSAGES.failed },
  dialing: (to) => OPERATOR_CALL_MESSAGES.dialing(to),
};

/** The three operating settings: where audio streams, where processed calls are posted, which number texts callers. */
function OpsSettings({ loaded, canRun }: { loaded: LoadedSettings; canRun: boolean }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, ["bridge_ws_url", "crm_webhook_url", "sms_sender_number"] as const);
  const disabled = pending || !canRun;
  return (
    <Section
      id="ops-settings"
      title="Voice settings"
      lead="Saved for your organization and used on every call: where audio streams, where processed calls are posted, which number texts callers."
      onSave={() => void save()}
      pending={pending}
    >
      <TextField
        id="ops-bridge-url"
        label="Bridge WebSocket URL"
        type="url"
        placeholder="wss://voice.example.com/twilio/stream"
        hint="Leave empty to use this deployment's own bridge."
        value={draft.bridge_ws_url ?? ""}
        onValue={(value) => set("bridge_ws_url", value.trim() || null)}
        error={errors.bridge_ws_url}
        disabled={disabled}
      />
      <TextField
        id="ops-crm-webhook"
        label="CRM webhook URL"
        type="url"
        placeholder="https://crm.example.com/hooks/nikki"
        hint="Each processed call is posted here as JSON (summary, intent, sentiment, entities, call). Leave empty for none."
        value={draft.crm_webhook_url ?? ""}
        onValue={(value) => set("crm_webhook_url", value.trim() || null)}
        error={errors.crm_webhook_url}
        disabled={disabled}
      />
      <TextField
        id="ops-sms-sender"
        label="Post-call SMS sender number"
        type="tel"
        inputMode="tel"
        placeholder="+14155552671"
        hint="One of your numbers, in E.164. Leave empty to text from the number the caller rang."
        value={draft.sms_sender_number ?? ""}
        onValue={(value) => set("sms_sender_number", value.trim() || null)}
        error={errors.sms_sender_number}
        disabled={disabled}
      />
    </Section>
  );
}

/** Voice Operations (spec 001 §2): the three operating settings, their three checks, and a real test call. */
export default function VoiceOps() {
  const canRun = useCanOperate();
  const settings = useSettings(canRun === true);
  const probes = useProbes();
  const { check, running } = probes;
  const [checking, setChecking] = useState(false);

  async function runChecks() {
    setChecking(true);
    let failed = 0;
    let notSet = 0;
    for (const row of ROWS) {
      const { badge } = await check(row);
      if (badge === "Not set (optional)") notSet++;
      else if (badge !== "Healthy") failed++;
    }
    setChecking(false);
    if (!failed)
      toast({
        title: "Health Check Passed",
        description: notSet ? `${ROWS.length - notSet} of ${ROWS.length} checks passed; the rest are not set (optional).` : "All three checks passed.",
      });
    else toast({ variant: "destructive", title: "Health Check Failed", description: `${failed} of ${ROWS.length} checks need attention.` });
  }

  return (
    <>
      <Loaded resource={settings} loading="Loading settings…">
        {(loaded) => <OpsSettings loaded={loaded} canRun={Boolean(canRun)} />}
      </Loaded>
      <section className="card panel" aria-labelledby="ops-checks-title">
        <div className="panel-head">
          <div>
            <h2 id="ops-checks-title">Health checks</h2>
            <p>Save your changes first: the checks use the saved settings.</p>
          </div>
          <button type="button" className="btn btn-primary" disabled={checking || running !== null || !canRun} onClick={() => void runChecks()}>
            {checking ? "Checking..." : "Run Checks"}
          </button>
        </div>
        <ProbeList rows={ROWS} probes={probes} busy={checking || !canRun} />
      </section>
      <section className="card panel" aria-labelledby="ops-call-title">
        <div className="panel-head">
          <div>
            <h2 id="ops-call-title">Test call</h2>
            <p>Rings your mobile from your first number with an active agent, which answers as it would any caller. It counts toward your minutes.</p>
          </div>
          <TestCallButton
            place={(body) => call(api.health["test-call"].$post, undefined, body)}
            label="your receptionist"
            copy={SALES_TEST_CALL}
            disabledReason={canRun ? undefined : RESTRICTED_PAGES.health}
          />
        </div>
      </section>
    </>
  );
}
