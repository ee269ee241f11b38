import { bridgeHealthUrl, ownBridgeUrl } from "@nikki/core";
import { useEffect, useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { toast } from "../../../lib/toast";
import { useResource } from "../../../lib/use-resource";
import { TextField } from "../../FormField";
import Loaded from "../../ui/Loaded";
import { Section } from "../settings/SettingsField";
import { type LoadedSettings, useSettings, useSettingsSection } from "../settings/use-settings";
import "../agents/agents.css";
import "../settings/settings.css";
import "./health.css";
import { type ProbeRow, ProbeList, useCanOperate, useProbes } from "./use-probes";

type VoiceHealth = DataOf<typeof api.health.voice.$get>;

const ROWS: ProbeRow[] = [
  {
    target: "voice_inbound",
    name: "Voice-inbound TwiML",
    detail: <p className="muted">The voice webhook answers a call with TwiML that starts the media stream.</p>,
  },
  { target: "bridge_health", name: "Bridge HTTP Health", detail: <p className="muted">The bridge's health URL answers “Voice Bridge OK”.</p> },
];

/** The bridge URL setting (the organization's own, else this deployment's) and the URLs derived from it. */
function BridgeUrlSection({ loaded, ownBridge, canRun }: { loaded: LoadedSettings; ownBridge: string; canRun: boolean }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, ["bridge_ws_url"] as const);
  const bridge = draft.bridge_ws_url ?? ownBridge;
  return (
    <Section
      id="bridge"
      title="Bridge WebSocket URL"
      lead="Where Twilio streams your calls' audio. Leave it empty to use this deployment's own bridge."
      onSave={() => void save()}
      pending={pending}
    >
      <TextField
        id="bridge-ws-url"
        label="Bridge WebSocket URL"
        type="url"
        placeholder={ownBridge || "wss://voice.example.com/twilio/stream"}
        hint="A wss:// address, such as wss://voice.example.com/twilio/stream. The call's id is added to it."
        value={draft.bridge_ws_url ?? ""}
        onValue={(value) => set("bridge_ws_url", value.trim() || null)}
        error={errors.bridge_ws_url}
        disabled={pending || !canRun}
      />
      <dl className="derived-urls">
        <dt>WebSocket URL a call streams to</dt>
        <dd>
          <code>{bridge ? `${bridge}/{CallSid}` : "Bridge URL not configured"}</code>
        </dd>
        <dt>Health check URL</dt>
        <dd>
          <code>{bridge ? bridgeHealthUrl(bridge) : "Bridge URL not configured"}</code>
        </dd>
      </dl>
    </Section>
  );
}

/** Voice Bridge Health (spec 001 §2): the bridge URL (this deployment's, or the organization's own), its derived URLs and two checks. */
export default function VoiceBridgeHealth() {
  const canRun = useCanOperate();
  const [origin, setOrigin] = useState("");
  const settings = useSettings(canRun === true);
  const probes = useProbes();
  const { check, running } = probes;
  const [config, setConfig] = useState<VoiceHealth | null>(null);
  const [checking, setChecking] = useState(false);
  // This deployment's own bridge (its media plane); without it the page falls back to this origin's.
  const deployment = useResource(() => call(api.health.voice.$get), { failure: "Failed to load the voice configuration" });
  useEffect(() => setOrigin(window.location.origin), []);
  const ownBridge = deployment.data?.bridge_url ?? (origin ? ownBridgeUrl(origin) : "");

  async function runHealthCheck() {
    setChecking(true);
    const health = await call(api.health.voice.$get);
    if (!health.ok) {
      setChecking(false);
      toast({ variant: "destructive", title: "Health Check Failed", description: "Failed to run health check." });
      return;
    }
    setConfig(health.data);
    const results = [];
    for (const row of ROWS) results.push({ row, state: await check(row) });
    setChecking(false);
    const problems = [...health.data.errors, ...results.filter((r) => r.state.badge !== "Healthy").map((r) => `${r.row.name}: ${r.state.problem ?? "failed"}`)];
    if (!problems.length) toast({ title: "Health Check Passed", description: "The voice bridge and the voice webhook are ready for calls." });
    else toast({ variant: "destructive", title: "Health Check Failed", description: problems.join(", ") || "Some settings need attention" });
  }

  return (
    <>
      <Loaded resource={settings} loading="Loading settings…">
        {(loaded) => <BridgeUrlSection loaded={loaded} ownBridge={ownBridge} canRun={Boolean(canRun)} />}
      </Loaded>
      <section className="card panel" aria-labelledby="bridge-checks-title">
        <div className="panel-head">
          <div>
            <h2 id="bridge-checks-title">Checks</h2>
            <p>Run on the server, as Twilio would reach them. Nothing is recorded for them.</p>
          </div>
          <button type="button" className="btn btn-primary" disabled={checking || running !== null || !canRun} onClick={() => void runHealthCheck()}>
            {checking ? "Checking..." : "Run Health Check"}
          </button>
        </div>
        <ProbeList rows={ROWS} probes={probes} busy={checking || !canRun} />
        {config && (
          <div className="config-report" aria-live="polite">
            <h3>Configuration</h3>
            {config.errors.length ? (
              <ul className="problems">
                {config.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">Every voice setting is in place.</p>
            )}
            <ul className="muted">
              {config.validations.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <BridgeGuides />
    </>
  );
}

function BridgeGuides() {
  return (
    <>
      <section className="card panel" aria-labelledby="troubleshooting-title">
        <div className="panel-head">
          <div>
            <h2 id="troubleshooting-title">Troubleshooting</h2>
            <p>What a failing check usually means.</p>
          </div>
        </div>
        <ul className="guide-steps">
          <li>
            <strong>Callers hear silence or the call drops at once:</strong> the bridge is unreachable. Run Bridge HTTP Health; anything but “Voice Bridge OK”
            means Twilio cannot open the stream either.
          </li>
          <li>
            <strong>“Status 403” on the voice check:</strong> PUBLIC_BASE_URL differs from the address Twilio calls, so signatures do not match. Set it to this
            site's exact https:// origin.
          </li>
          <li>
            <strong>Calls go to voicemail:</strong> the number has no active agent, the plan or spending limit stopped answering, or OPENAI_API_KEY is not set
            (see Configuration above).
          </li>
          <li>
            <strong>A bridge on another host:</strong> it must be this product's worker (another route or custom domain of it), answering{" "}
            <code>/twilio/stream</code>.
          </li>
        </ul>
      </section>
      <section className="card panel" aria-labelledby="checklist-title">
        <div className="panel-head">
          <div>
            <h2 id="checklist-title">Deployment checklist</h2>
            <p>Before the first real call.</p>
          </div>
        </div>
        <ol className="guide-steps">
          <li>PUBLIC_BASE_URL is the site's https:// origin.</li>
          <li>TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set (wrangler secret put), or the business's own Twilio account is verified in Integrations.</li>
          <li>OPENAI_API_KEY is set, or the business's own OpenAI key is verified in Integrations.</li>
          <li>Each number's voice webhook points at /twilio/voice/inbound (Numbers sets it for numbers bought here).</li>
          <li>Both checks above are Healthy, then place a real call to the number.</li>
        </ol>
      </section>
    </>
  );
}
