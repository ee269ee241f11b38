import { bridgeHealthUrl, ownBridgeUrl } from "@nikki/core";
import { useEffect, useState } from "react";
import { getJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { TextField } from "../../FormField";
import { Section } from "../settings/SettingsField";
import { useSettingsSection } from "../settings/use-settings";
import "../agents/agents.css";
import "../settings/settings.css";
import "./health.css";
import { OPERATORS_ONLY, type ProbeRow, ProbeList, useCanOperate, useProbes } from "./use-probes";

interface VoiceHealth {
  ok: boolean;
  checks: Record<string, boolean>;
  validations: string[];
  errors: string[];
  /** This deployment's stream base (its media plane); null when PUBLIC_BASE_URL is not set. */
  bridge_url: string | null;
}

const ROWS: ProbeRow[] = [
  {
    target: "voice_inbound",
    name: "Voice-inbound TwiML",
    detail: <p className="muted">The voice webhook answers a call with TwiML that starts the media stream.</p>,
  },
  { target: "bridge_health", name: "Bridge HTTP Health", detail: <p className="muted">The bridge's health URL answers “Voice Bridge OK”.</p> },
];

/** Voice Bridge Health (spec 001 §2): the bridge URL (this deployment's, or the organization's own), its derived URLs and two checks. */
export default function VoiceBridgeHealth() {
  const canRun = useCanOperate();
  const [origin, setOrigin] = useState("");
  const { state, draft, set, save, pending, errors } = useSettingsSection(["bridge_ws_url"] as const);
  const probes = useProbes();
  const { check, running } = probes;
  const [config, setConfig] = useState<VoiceHealth | null>(null);
  const [checking, setChecking] = useState(false);
  const [deploymentBridge, setDeploymentBridge] = useState<string | null>(null);
  useEffect(() => {
    setOrigin(window.location.origin);
    void getJson<VoiceHealth>("/api/health/voice").then((health) => health.ok && setDeploymentBridge(health.data.bridge_url));
  }, []);

  const ownBridge = deploymentBridge ?? (origin ? ownBridgeUrl(origin) : "");
  const bridge = draft?.bridge_ws_url ?? ownBridge;

  async function runHealthCheck() {
    setChecking(true);
    const health = await getJson<VoiceHealth>("/api/health/voice");
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

  if (canRun === false) return <p className="card panel">{OPERATORS_ONLY}</p>;
  return (
    <>
      <Section
        id="bridge"
        title="Bridge WebSocket URL"
        lead="Where Twilio streams your calls' audio. Leave it empty to use this deployment's own bridge."
        onSave={() => void save()}
        pending={pending}
        ready={Boolean(state && draft)}
      >
        {draft && (
          <>
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
          </>
        )}
      </Section>
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
